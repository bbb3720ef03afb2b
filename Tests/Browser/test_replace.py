"""A replace (PUT of a new file over a dataset) reaches open pages as a diff: unchanged rows keep their ids and
elements, the changed ones animate in place, and the page does not reload."""
import json
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, open_table, row_by_id, rows, wait


@pytest.fixture(scope="module")
def replace_server(tmp_path_factory):
    path = tmp_path_factory.mktemp("replace") / "chores.json"
    path.write_text(json.dumps([{"title": f"Chore {index}"} for index in range(12)]))
    running = Server(["--import", f"chores={path}"])
    yield running
    running.stop()


def put(server, rows_):
    request = urllib.request.Request(
        f"{server.url}/api/datasets/chores", data=json.dumps(rows_).encode(), method="PUT",
        headers={"Content-Type": "application/json", "Origin": server.url})
    return urllib.request.urlopen(request).status


def test_a_replace_updates_an_open_page_as_a_diff_without_a_reload(browser, replace_server):
    open_table(browser, replace_server, "chores")
    browser.execute_script("window.__noReload = true")
    before = [r.get_attribute("data-row-id") for r in rows(browser)]
    kept = row_by_id(browser, before[0])
    browser.execute_script("arguments[0].__kept = true", kept)
    changed = [{"title": f"Chore {index}"} for index in range(12) if index != 3]
    changed[1] = {"title": "Chore 1, done"}
    changed.insert(0, {"title": "New chore"})
    assert put(replace_server, changed) == 200
    wait(browser, lambda d: "New chore" in d.find_element(By.CSS_SELECTOR, "[data-role=scroller]").text,
         message="the new row did not arrive")
    wait(browser, lambda d: row_by_id(d, before[3]) is None, message="the deleted row stayed")
    assert "Chore 1, done" in row_by_id(browser, before[1]).text, "the updated row did not keep its id"
    assert row_by_id(browser, before[0]).get_attribute("data-row-id") == before[0]
    assert browser.execute_script("return arguments[0].__kept === true", row_by_id(browser, before[0])), \
        "an unchanged row was drawn again"
    assert browser.execute_script("return window.__noReload") is True, "the page reloaded"
