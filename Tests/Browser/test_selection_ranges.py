"""Selection of any size, never fetched: Select All, Shift-click, Shift+arrows and Ctrl/Cmd+A are ranges the
server resolves; counts show at once, a million rows included; deleting them is one batch."""
import json
import os
import shutil
import tempfile
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Server, confirm, open_table, row_count, rows, wait

MILLION = 1_000_000
SMALL = 1_000
HALF = 300_000  # taller than the element height cap: the scroll bar maps onto the content


def messages(count):
    return [{"send_time": 1_576_139_886 + i * 60, "title": f"Message {i}", "content": f"Body of message {i}",
             "read": i % 3 == 0} for i in range(count)]


@pytest.fixture(scope="module")
def many_server():
    folder = tempfile.mkdtemp(prefix="listserver-selection-")
    arguments = ["--max-import-bytes", str(2**31)]
    for name, count in (("inbox", MILLION), ("half", HALF), ("far", HALF), ("arrivals", SMALL), ("between", SMALL), ("mail", SMALL), ("notes", SMALL), ("zh", SMALL), ("shared", SMALL), ("found", SMALL),
                        ("kept", SMALL), ("plain", SMALL)):
        path = os.path.join(folder, f"{name}.json")
        with open(path, "w") as out:
            json.dump(messages(count), out)
        arguments += ["--import", f"{name}={path}"]
    running = Server(arguments, startup_timeout=300)
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def click(driver, action):
    driver.find_element(By.CSS_SELECTOR, f"[data-action={action}]").click()


def count_text(driver):
    """The edit bar's count (also once the bar is hidden, as when Manage ends)."""
    return driver.execute_script("return document.querySelector('[data-role=selected-count]').textContent")


def manage(driver, server, dataset, query=""):
    open_table(driver, server, dataset, query)
    click(driver, "edit")
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-action=select-all]").is_displayed())


def requests(driver, part):
    """The page's fetches whose URL holds `part`."""
    return driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes(arguments[0]))", part)


def server_titles(server, dataset):
    """Every row's title, in order, from the JSON API (windows of at most 20,000 points)."""
    titles, top = [], 0
    while True:
        window = json.load(urllib.request.urlopen(
            f"{server.url}/api/datasets/{dataset}/window?top={top}&height=20000&overscan=0"))
        titles += [row["fields"]["title"] for row in window["rows"] if row["y"] >= top]
        top += 20000
        if top >= window["contentHeight"]:
            return titles


def row_titled(driver, index):
    """The drawn row of `Message {index}`."""
    return wait(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('[data-row-id]')].find(e => !e.hidden && e.dataset.row == arguments[0])",
        index), message=f"row {index} is not drawn")


def scroll_to_end(driver):
    driver.execute_script("const s = document.querySelector('[data-role=scroller]'); s.scrollTop = s.scrollHeight")


def test_select_all_of_a_million_counts_at_once_and_deletes_in_one_batch(browser, many_server):
    manage(browser, many_server, "inbox")
    click(browser, "select-all")
    # At once: no window is asked for to count or to select.
    assert count_text(browser) == "1,000,000 selected"
    assert not [url for url in requests(browser, "/window") if "height=20000" in url or "anchor=" in url]
    assert all(r.get_attribute("aria-selected") == "true" for r in rows(browser))
    assert browser.find_element(By.CSS_SELECTOR, "[data-action=select-all]").text == "Deselect All"
    kept = rows(browser)[1]
    kept_id = kept.get_attribute("data-row-id")
    kept.click()  # taken out of every row
    wait(browser, lambda d: count_text(d) == "999,999 selected")
    assert kept.get_attribute("aria-selected") == "false"
    scroll_to_end(browser)
    last = wait(browser, lambda d: [r for r in rows(d) if r.get_attribute("data-row") == str(MILLION - 1)],
                message="the last row is not drawn")[0]
    assert last.get_attribute("aria-selected") == "true"
    click(browser, "delete-selected")
    question = wait(browser, lambda d: [p.text for p in d.find_elements(By.CSS_SELECTOR, "dialog[open] p")])[0]
    assert "999,999" in question and "cannot be undone" in question, question
    confirm(browser)
    wait(browser, lambda d: row_count(many_server, "inbox") == 1, timeout=120, message="the rows were not deleted")
    wait(browser, lambda d: count_text(d) == "0 selected", timeout=60)
    wait(browser, lambda d: [r.get_attribute("data-row-id") for r in rows(d)] == [kept_id], timeout=30,
         message="the kept row is not the one drawn")
    # The batch's entry is timed once its response has ended, which may be after its event redrew the page.
    wait(browser, lambda d: requests(d, "/batch"), message="the batch's response did not end")
    assert len(requests(browser, "/batch")) == 1


def test_shift_click_runs_to_a_row_never_fetched_and_the_next_one_replaces_it(browser, many_server):
    manage(browser, many_server, "mail")
    row_titled(browser, 2).click()
    scroll_to_end(browser)
    last = row_titled(browser, SMALL - 1)
    ActionChains(browser).key_down(Keys.SHIFT).click(last).key_up(Keys.SHIFT).perform()
    assert count_text(browser) == f"{SMALL - 2:,} selected"
    assert last.get_attribute("aria-selected") == "true"
    # The next Shift-click from the same row replaces the run, as in any list of files.
    before = row_titled(browser, SMALL - 11)
    ActionChains(browser).key_down(Keys.SHIFT).click(before).key_up(Keys.SHIFT).perform()
    assert count_text(browser) == f"{SMALL - 12:,} selected"
    assert row_titled(browser, SMALL - 10).get_attribute("aria-selected") == "false"
    assert row_titled(browser, SMALL - 11).get_attribute("aria-selected") == "true"
    assert not requests(browser, "height=20000")
    click(browser, "delete-selected")
    confirm(browser)
    wait(browser, lambda d: row_count(many_server, "mail") == 12, message="the run was not deleted")
    assert server_titles(many_server, "mail") == [f"Message {i}" for i in (0, 1, *range(SMALL - 10, SMALL))]


def test_shift_arrows_extend_from_the_focused_row_and_ctrl_a_selects_every_row(browser, many_server):
    manage(browser, many_server, "notes")
    first = row_titled(browser, 3)
    first.click()
    assert count_text(browser) == "1 selected"
    browser.execute_script("arguments[0].focus()", first)
    for _ in range(3):
        browser.switch_to.active_element.send_keys(Keys.SHIFT, Keys.ARROW_DOWN)
    wait(browser, lambda d: count_text(d) == "4 selected")
    assert [row_titled(browser, i).get_attribute("aria-selected") for i in range(2, 8)] == \
        ["false", "true", "true", "true", "true", "false"]
    browser.switch_to.active_element.send_keys(Keys.SHIFT, Keys.ARROW_UP)
    wait(browser, lambda d: count_text(d) == "3 selected")  # the run shrinks back toward where it started
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
    wait(browser, lambda d: count_text(d) == f"{SMALL:,} selected")
    click(browser, "select-all")
    wait(browser, lambda d: count_text(d) == "0 selected")
    assert row_count(many_server, "notes") == SMALL


def test_a_selection_run_in_chinese_counts_in_chinese_with_no_error(browser, many_server):
    manage(browser, many_server, "zh", "?lang=zh-Hans")
    click(browser, "select-all")
    assert count_text(browser) == f"已选择 {SMALL:,} 项"
    row_titled(browser, 0).click()
    wait(browser, lambda d: count_text(d) == f"已选择 {SMALL - 1:,} 项")
    assert not browser.find_element(By.CSS_SELECTOR, "#note").is_displayed()
    click(browser, "delete-selected")
    confirm(browser)
    wait(browser, lambda d: row_count(many_server, "zh") == 1)
    assert server_titles(many_server, "zh") == ["Message 0"]


def post_batch(server, dataset, body):
    request = urllib.request.Request(f"{server.url}/api/datasets/{dataset}/batch", json.dumps(body).encode(),
                                     {"Content-Type": "application/json", "Origin": server.url})
    return json.load(urllib.request.urlopen(request))


def test_a_run_follows_rows_deleted_elsewhere_and_deletes_what_it_shows(browser, many_server):
    manage(browser, many_server, "shared")
    row_titled(browser, 2).click()
    end = row_titled(browser, 6)
    ActionChains(browser).key_down(Keys.SHIFT).click(end).key_up(Keys.SHIFT).perform()
    assert count_text(browser) == "5 selected"
    inside, outside = (row_titled(browser, i).get_attribute("data-row-id") for i in (4, 9))
    version = json.load(urllib.request.urlopen(f"{many_server.url}/api/datasets/shared"))["version"]
    post_batch(many_server, "shared", {"baseVersion": version, "deleteRows": [int(inside), int(outside)]})
    wait(browser, lambda d: count_text(d) == "4 selected", message="the run kept a row deleted elsewhere")
    wait(browser, lambda d: [r.get_attribute("aria-selected") for r in rows(d)][:8] ==
         ["false", "false", "true", "true", "true", "true", "false", "false"],
         message="the run's rows are not the ones shown selected")
    click(browser, "delete-selected")
    confirm(browser)
    wait(browser, lambda d: row_count(many_server, "shared") == SMALL - 6)
    assert server_titles(many_server, "shared")[:4] == ["Message 0", "Message 1", "Message 7", "Message 8"]


def test_select_all_while_searching_deletes_only_the_matches(browser, many_server):
    manage(browser, many_server, "found", "?q=Message%201")
    matches = [i for i in range(SMALL) if str(i).startswith("1")]
    click(browser, "select-all")
    wait(browser, lambda d: count_text(d) == f"{len(matches):,} selected")
    click(browser, "delete-selected")
    confirm(browser)
    wait(browser, lambda d: row_count(many_server, "found") == SMALL - len(matches))
    assert server_titles(many_server, "found") == [f"Message {i}" for i in range(SMALL) if i not in matches]


def test_a_run_chosen_before_a_search_is_drawn_over_its_results(browser, many_server):
    """A run names rows by their places in the whole table; a search's results are drawn at other places (Message 5
    first, Message 50 second), so each result says its place in the table and only the run's own rows show selected."""
    manage(browser, many_server, "kept")
    row_titled(browser, 2).click()
    ActionChains(browser).key_down(Keys.SHIFT).click(row_titled(browser, 8)).key_up(Keys.SHIFT).perform()
    assert count_text(browser) == "7 selected"
    search = browser.find_element(By.CSS_SELECTOR, "input[type=search]")
    search.send_keys("Message 5")
    found = lambda d: d.execute_script("""
        return [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden)
          .sort((a, b) => a.dataset.y - b.dataset.y)
          .map(e => [e.querySelector('.tt').textContent, e.getAttribute('aria-selected')])""")
    drawn = wait(browser, lambda d: (lambda rows: rows if rows and rows[0][0] == "Message 5" else None)(found(d)),
                 message="the search's results are not drawn")
    assert drawn[1][0] == "Message 50", drawn[:3]
    assert [title for title, selected in drawn if selected == "true"] == ["Message 5"], drawn
    assert count_text(browser) == "7 selected"


def test_shift_click_selects_rows_and_no_text(browser, many_server):
    """A new user's Shift-click in Manage mode also highlighted the rows' text between the two clicks, as a page's
    text is; rows in a list are chosen whole (iOS has no text selection in a table)."""
    manage(browser, many_server, "plain")
    row_titled(browser, 1).click()
    ActionChains(browser).key_down(Keys.SHIFT).click(row_titled(browser, 6)).key_up(Keys.SHIFT).perform()
    assert count_text(browser) == "6 selected"
    assert browser.execute_script("return getSelection().toString()") == ""


def thumb_and_row(driver, row_id):
    """The scroll bar's place (0 at the top, 1 at the end) and the drawn row's top on screen."""
    return driver.execute_script("""
        const s = document.querySelector('[data-role=scroller]');
        const row = [...document.querySelectorAll('[data-row-id]')].find(e => !e.hidden && e.dataset.rowId == arguments[0]);
        return [s.scrollTop / (s.scrollHeight - s.clientHeight), row && row.getBoundingClientRect().top];""", row_id)


def test_the_scroll_bar_follows_the_rows_when_half_a_huge_list_goes_elsewhere(browser, many_server):
    """Past the element height cap the scroll bar maps onto the content; when a batch takes away the rows above the
    view, the rows shown stay where they are and the thumb moves to where they now are in the list."""
    open_table(browser, many_server, "half")
    browser.execute_script("const s = document.querySelector('[data-role=scroller]'); s.scrollTop = (s.scrollHeight - s.clientHeight) / 2")
    wait(browser, lambda d: d.execute_script("return [...document.querySelectorAll('[data-row-id]')].some(e => !e.hidden && +e.dataset.row > 100000)"),
         message="the middle is not drawn")
    shown = wait(browser, lambda d: d.execute_script("""
        const box = document.querySelector('[data-role=scroller]').getBoundingClientRect();
        const row = [...document.querySelectorAll('[data-row-id]')].find(e => !e.hidden && e.getBoundingClientRect().top > box.top + 100);
        return row && [row.dataset.rowId, +row.dataset.row];"""), message="no row in view")
    row_id, index = shown
    thumb, top = thumb_and_row(browser, row_id)
    assert abs(thumb - 0.5) < 0.01 and abs(index / HALF - 0.5) < 0.02, (thumb, index)
    first = json.load(urllib.request.urlopen(f"{many_server.url}/api/datasets/half/window?top=0&height=10"))["rows"][0]["id"]
    before = json.load(urllib.request.urlopen(f"{many_server.url}/api/datasets/half/window?anchor={row_id}&top=-7200&height=10&overscan=0"))
    last_deleted = before["rows"][0]["id"]  # about a hundred rows above the one shown
    version = json.load(urllib.request.urlopen(f"{many_server.url}/api/datasets/half"))["version"]
    post_batch(many_server, "half", {"baseVersion": version, "deleteRows": [{"from": first, "to": last_deleted}]})
    left = row_count(many_server, "half")
    assert left < HALF * 0.7, left
    at = index - (HALF - left)
    wait(browser, lambda d: abs(thumb_and_row(d, row_id)[0] - at / left) < 0.01, timeout=10,
         message=f"the thumb stays at {thumb_and_row(browser, row_id)[0]:.3f}, the row is at {at / left:.3f} of the list")
    assert abs(thumb_and_row(browser, row_id)[1] - top) < 1, "the row shown moved"


def first_row_shown(driver):
    return driver.execute_script("""
        const box = document.querySelector('[data-role=scroller]').getBoundingClientRect();
        const rows = [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden && e.getBoundingClientRect().bottom > box.top + 1);
        return rows.length ? Math.min(...rows.map(e => +e.dataset.row)) : null;""")


def jump(driver, fraction):
    """Sets the scroll bar to `fraction` of its way, as a drag that lets go there does, and waits for rows there."""
    driver.execute_script("const s = document.querySelector('[data-role=scroller]'); s.scrollTop = (s.scrollHeight - s.clientHeight) * arguments[0]", fraction)
    wait(driver, lambda d: (row := first_row_shown(d)) is not None and abs(row / HALF - fraction) < 0.2,
         message=f"no rows near {fraction:.0%}")


def test_a_scroll_bar_jump_after_a_shift_click_lands_where_the_bar_says(browser, many_server):
    """Past the element height cap, the Shift of a Shift-click is no scrolling key: the next drag of the scroll bar
    maps linearly, not as a relative move by the scroller's pixels (50 % showed row 58.7 % of the way)."""
    manage(browser, many_server, "far")
    jump(browser, 0.4)
    row_titled(browser, first_row_shown(browser) + 3).click()
    jump(browser, 0.6)
    last = row_titled(browser, first_row_shown(browser) + 3)
    ActionChains(browser).key_down(Keys.SHIFT).click(last).key_up(Keys.SHIFT).perform()
    wait(browser, lambda d: count_text(d).replace(",", "").split()[0].isdigit() and int(count_text(d).replace(",", "").split()[0]) > 50_000)
    for fraction in (0.5, 0.3):
        browser.execute_script("const s = document.querySelector('[data-role=scroller]'); s.scrollTop = (s.scrollHeight - s.clientHeight) * arguments[0]", fraction)
        wait(browser, lambda d: (row := first_row_shown(d)) is not None and abs(row / HALF - fraction) < 0.01, timeout=5,
             message=f"{fraction:.0%} of the bar shows row {first_row_shown(browser)} of {HALF}")


def test_rows_others_insert_after_select_all_are_not_selected_nor_deleted(browser, many_server):
    manage(browser, many_server, "arrivals")
    click(browser, "select-all")
    assert count_text(browser) == f"{SMALL:,} selected"
    version = json.load(urllib.request.urlopen(f"{many_server.url}/api/datasets/arrivals"))["version"]
    fields = {"send_time": 1_600_000_000, "title": "Arrived", "content": "Sent meanwhile", "read": False}
    post_batch(many_server, "arrivals", {"baseVersion": version, "insertRows": [
        {"section": 0, "row": i, "fields": {**fields, "title": f"Arrived {i}"}} for i in range(5)]})
    arrived = wait(browser, lambda d: [r for r in rows(d) if "Arrived" in r.text], message="the new rows are not drawn")
    assert all(r.get_attribute("aria-selected") == "false" for r in arrived), "rows that arrived show selected"
    wait(browser, lambda d: count_text(d) == f"{SMALL:,} selected", message=f"the count says {count_text(browser)}")
    assert browser.find_element(By.CSS_SELECTOR, "[data-action=select-all]").text == "Select All"
    click(browser, "delete-selected")
    question = wait(browser, lambda d: [p.text for p in d.find_elements(By.CSS_SELECTOR, "dialog[open] p")])[0]
    assert f"{SMALL:,}" in question, question
    confirm(browser)
    wait(browser, lambda d: row_count(many_server, "arrivals") == 5, timeout=30, message="not only the selected rows went")
    assert all(title.startswith("Arrived") for title in server_titles(many_server, "arrivals"))


def shown(driver, count=11):
    """The first drawn rows' titles and whether each shows selected."""
    return [tuple(row) for row in driver.execute_script(
        "return [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden)"
        ".sort((a, b) => a.dataset.y - b.dataset.y).slice(0, arguments[0])"
        ".map(e => [e.querySelector('.tt').textContent, e.getAttribute('aria-selected')])", count)]


def test_rows_others_insert_inside_a_shift_run_are_not_selected_nor_deleted(browser, many_server):
    manage(browser, many_server, "between")
    row_titled(browser, 2).click()
    ActionChains(browser).key_down(Keys.SHIFT).click(row_titled(browser, 6)).key_up(Keys.SHIFT).perform()
    wait(browser, lambda d: count_text(d) == "5 selected", message=f"the run holds {count_text(browser)}")
    version = json.load(urllib.request.urlopen(f"{many_server.url}/api/datasets/between"))["version"]
    fields = {"send_time": 1_600_000_000, "title": "Arrived", "content": "Sent meanwhile", "read": False}
    # Afterwards: Arrived 0, Message 0 … 3, Arrived 5, Arrived 6, Message 4 …: two inside the run, one before it.
    post_batch(many_server, "between", {"baseVersion": version, "insertRows": [
        {"section": 0, "row": i, "fields": {**fields, "title": f"Arrived {i}"}} for i in (0, 5, 6)]})
    wait(browser, lambda d: len([r for r in rows(d) if "Arrived" in r.text]) == 3, message="the new rows are not drawn")
    titles = ["Arrived 0", *(f"Message {i}" for i in range(4)), "Arrived 5", "Arrived 6",
              *(f"Message {i}" for i in range(4, 8))]
    wait(browser, lambda d: [title for title, _ in shown(d)] == titles, message=f"rows shown: {shown(browser)}")
    selected = {f"Message {i}" for i in range(2, 7)}
    wait(browser, lambda d: shown(d) == [(title, str(title in selected).lower()) for title in titles],
         message=f"rows shown: {shown(browser)}")
    wait(browser, lambda d: count_text(d) == "5 selected", message=f"the count says {count_text(browser)}")
    click(browser, "delete-selected")
    question = wait(browser, lambda d: [p.text for p in d.find_elements(By.CSS_SELECTOR, "dialog[open] p")])[0]
    assert "5" in question, question
    confirm(browser)
    wait(browser, lambda d: row_count(many_server, "between") == SMALL - 2, message="not only the selected rows went")
    assert server_titles(many_server, "between")[:6] == \
        ["Arrived 0", "Message 0", "Message 1", "Arrived 5", "Arrived 6", "Message 7"]
