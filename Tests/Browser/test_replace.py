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


def test_a_table_document_replace_reaches_an_open_page_as_a_diff(browser, tmp_path):
    document = {"table": {"style": "insetGrouped", "sections": [{"header": "Network", "rows": [
        {"text": "Airplane Mode", "accessoryView": "switch", "on": False},
        {"text": "Wi-Fi", "style": "value1", "detail": "Home", "accessory": "disclosureIndicator",
         "table": {"sections": [{"choice": "single", "rows": [
             {"text": "Home", "accessory": "checkmark"}, {"text": "Office"}]}]}},
        {"text": "Bluetooth", "style": "value1", "detail": "On"}]}]}}
    path = tmp_path / "prefs.json"
    path.write_text(json.dumps(document))
    server = Server(["--import", f"prefs={path}"])
    try:
        open_table(browser, server, "prefs")
        browser.execute_script("window.__noReload = true")
        before = [r.get_attribute("data-row-id") for r in rows(browser)]
        switch = row_by_id(browser, before[0]).find_element(By.CSS_SELECTOR, "[role=switch]")
        assert switch.get_attribute("aria-checked") == "false"
        browser.execute_script("arguments[0].__kept = true", row_by_id(browser, before[1]))
        document["table"]["sections"][0]["rows"][0]["on"] = True
        document["table"]["sections"][0]["rows"][2]["detail"] = "Off"
        request = urllib.request.Request(
            f"{server.url}/api/datasets/prefs", data=json.dumps(document).encode(), method="PUT",
            headers={"Content-Type": "application/json", "Origin": server.url})
        assert urllib.request.urlopen(request).status == 200
        wait(browser, lambda d: "Off" in row_by_id(d, before[2]).text, message="the changed row did not follow")
        switch = row_by_id(browser, before[0]).find_element(By.CSS_SELECTOR, "[role=switch]")
        assert switch.get_attribute("aria-checked") == "true", "the switch did not turn on"
        assert [r.get_attribute("data-row-id") for r in rows(browser)] == before, "rows lost their ids"
        assert browser.execute_script("return arguments[0].__kept === true", row_by_id(browser, before[1])), \
            "the row whose child table did not change was drawn again"
        assert browser.execute_script("return window.__noReload") is True, "the page reloaded"
    finally:
        server.stop()
