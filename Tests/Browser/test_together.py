"""A person and a program on one list: while a program posts a batch every 200 ms to the same section (it adds
rows at the end, renames one, deletes the rows it added), the person's gestures survive as UIKit keeps them. An
open swipe stays open and its Delete deletes; edit mode's minus shows a Delete that stays; full swipes delete with
no refusal; a dragged row lands next to the row it was dropped by; a delete is undone with its id where its
neighbours are; a field being typed in keeps its text and focus; selected rows deleted elsewhere leave the
selection with a word. Nothing the program did is lost, and no program batch is refused."""
import json
import os
import shutil
import tempfile
import threading
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Server, open_table, row_by_id, wait

TASKS = 16


@pytest.fixture(scope="module")
def shared_server():
    folder = tempfile.mkdtemp(prefix="listserver-together-")
    path = os.path.join(folder, "shared.json")
    with open(path, "w") as out:
        json.dump([{"title": "Today", "rows": [{"title": f"Task {i}"} for i in range(TASKS)]},
                   {"title": "Later", "rows": [{"title": f"Later {i}"} for i in range(3)]}], out)
    form = os.path.join(folder, "form.json")
    with open(form, "w") as out:
        json.dump({"table": {"style": "insetGrouped", "sections": [{"rows": [
            {"text": "Name", "accessoryView": "textField", "value": "Ada"}, {"text": "Counter", "detail": "0"}]}]}}, out)
    pair = os.path.join(folder, "pair.json")
    with open(pair, "w") as out:
        json.dump({"table": {"style": "insetGrouped", "sections": [{"rows": [
            {"text": "Alpha", "accessoryView": "switch", "on": False, "selectionStyle": "none"},
            {"text": "Name", "accessoryView": "textField", "value": "Ada"}]}]}}, out)
    running = Server(["--import", f"shared={path}", "--import", f"form={form}", "--import", f"pair={pair}"])
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def api(server, path, body=None, dataset="shared"):
    request = urllib.request.Request(f"{server.url}/api/datasets/{dataset}{path}", method="POST" if body else "GET",
                                     data=json.dumps(body).encode() if body else None,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def section_rows(server, section=0, dataset="shared", key="title"):
    """(id, title) of every row of a section, as the server has them."""
    window = api(server, "/window?top=0&height=20000&expanded=all", dataset=dataset)
    return [(row["id"], row["fields"].get(key)) for row in window["rows"] if row["section"] == section]


class Program(threading.Thread):
    """Posts a batch every 200 ms to section 0: adds a row at its end, renames the first of its rows, deletes the
    oldest it added, in turn; each with the version it last saw, as a program that does not follow events would."""

    def __init__(self, server, dataset="shared"):
        super().__init__(daemon=True)
        self.server, self.dataset, self.stopping, self.batches, self.refused = server, dataset, threading.Event(), 0, []
        self.accepted = threading.Condition()  # notified at each accepted batch

    def body(self, step):
        """The batch of a step: in `shared`, add, rename or delete its own rows at the end of section 0; in `form`,
        count in the Counter row's detail."""
        if self.dataset == "form":
            counter = section_rows(self.server, dataset="form", key="text")[1][0]
            return {"updateRows": [{"id": counter, "fields": {"detail": str(step)}}]}
        rows = [row for row in section_rows(self.server) if row[1].startswith("Program")]
        if step % 3 == 0 or not rows:
            return {"insertRows": [{"section": 0, "row": len(section_rows(self.server)),
                                    "fields": {"title": f"Program {step}"}}]}
        if step % 3 == 1:
            return {"updateRows": [{"id": rows[0][0], "fields": {"title": f"Program {step} renamed"}}]}
        return {"deleteRows": [rows[0][0]]}

    def run(self):
        version = api(self.server, "", dataset=self.dataset)["version"]
        step = 0
        while not self.stopping.wait(0.2):
            try:
                reply = api(self.server, "/batch", {"baseVersion": version, **self.body(step)}, dataset=self.dataset)
                version = reply["version"]
                with self.accepted:
                    self.batches += 1
                    self.accepted.notify_all()
            except urllib.error.HTTPError as error:
                if error.code != 409:
                    self.refused.append(f"{error.code} {error.read()[:200]!r}")
                version = api(self.server, "", dataset=self.dataset)["version"]
            step += 1

    def wait_for(self, count, timeout=10):
        """Waits until `count` more batches were accepted."""
        with self.accepted:
            target = self.batches + count
            assert self.accepted.wait_for(lambda: self.batches >= target, timeout), "the program stopped posting"

    def stop(self):
        self.stopping.set()
        self.join(5)


@pytest.fixture
def program(shared_server):
    running = Program(shared_server)
    running.start()
    running.wait_for(1)
    yield running
    running.stop()
    assert running.refused == [], f"the program's batches were refused: {running.refused}"


def person_row(driver, title):
    """The drawn row titled `title`, once it stopped moving (rows slide up after a delete; the program's changes,
    at the end of the section, move none of the person's rows)."""
    row = wait(driver, lambda d: next((r for r in d.find_elements(By.CSS_SELECTOR, "[data-row-id]")
                                       if r.is_displayed() and r.text.startswith(title)), None),
               message=f"no row {title!r} drawn")
    wait(driver, lambda d: d.execute_script(
        "const r = arguments[0]; return r.getAnimations({subtree: true}).length === 0 && r.getBoundingClientRect().top", row) is not False,
        message=f"{title} kept moving")
    return row


def swipe(driver, row, distance):
    content = row.find_element(By.CSS_SELECTOR, ".rc")
    chain = ActionChains(driver).move_to_element_with_offset(content, int(content.rect["width"] * 0.4), 0).click_and_hold()
    for _ in range(5):
        chain = chain.move_by_offset(-distance // 5, 0)
    chain.release().perform()


def no_refusal(driver):
    note = driver.find_element(By.CSS_SELECTOR, "#note")
    return note.get_attribute("hidden") is not None or "elsewhere" not in note.text


def titles(server):
    return [title for _, title in section_rows(server) if not title.startswith("Program")]


def test_an_open_swipe_survives_the_programs_batches_and_its_delete_deletes(browser, shared_server, program):
    open_table(browser, shared_server, "shared")
    for title in ("Task 0", "Task 2", "Task 4"):
        row = person_row(browser, title)
        row_id = row.get_attribute("data-row-id")
        swipe(browser, row, 150)
        wait(browser, lambda d: row.get_attribute("data-open") == "t", message="the swipe did not open the row")
        program.wait_for(3)
        assert row.get_attribute("data-open") == "t", "the program's batches closed the swiped row"
        delete = row.find_element(By.CSS_SELECTOR, "[data-action=delete]")
        assert delete.is_displayed() and delete.rect["width"] > 20, "the Delete is not shown"
        delete.click()
        wait(browser, lambda d: all(str(i) != row_id for i, _ in section_rows(shared_server)),
             message=f"{title} was not deleted")
        assert no_refusal(browser)
    assert not {"Task 0", "Task 2", "Task 4"} & set(titles(shared_server))


def test_edit_modes_delete_confirmation_stays_while_the_program_posts(browser, shared_server, program):
    open_table(browser, shared_server, "shared")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    for title in ("Task 1", "Task 3"):
        row = person_row(browser, title)
        row_id = row.get_attribute("data-row-id")
        row.find_element(By.CSS_SELECTOR, "[data-action=minus]").click()
        wait(browser, lambda d: row.get_attribute("data-open") == "t", message="the minus did not show Delete")
        program.wait_for(3)
        confirm = row.find_element(By.CSS_SELECTOR, "[data-action=delete]")
        assert row.get_attribute("data-open") == "t" and confirm.is_displayed(), "the Delete went away"
        confirm.click()
        wait(browser, lambda d: all(str(i) != row_id for i, _ in section_rows(shared_server)),
             message=f"{title} was not deleted")
        assert no_refusal(browser)


def test_full_swipes_are_never_refused_while_the_program_posts(browser, shared_server, program):
    open_table(browser, shared_server, "shared")
    for title in ("Task 5", "Task 6", "Task 7"):
        row = person_row(browser, title)
        row_id = row.get_attribute("data-row-id")
        swipe(browser, row, int(row.rect["width"] * 0.8))
        wait(browser, lambda d: all(str(i) != row_id for i, _ in section_rows(shared_server)),
             message=f"the full swipe on {title} was not saved")
        assert no_refusal(browser), browser.find_element(By.CSS_SELECTOR, "#note").text
        program.wait_for(1)


def test_a_reorder_lands_by_its_neighbour_while_the_program_posts(browser, shared_server, program):
    open_table(browser, shared_server, "shared")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    before = titles(shared_server)
    moved, over = before[0], before[2]
    row, target = person_row(browser, moved), person_row(browser, over)
    grip = row.find_element(By.CSS_SELECTOR, "[data-action=move]")
    distance = target.rect["y"] + target.rect["height"] / 2 - row.rect["y"] - row.rect["height"] / 2 + 4
    # The person holds the lifted row for a second, as the program posts (one gesture: a pause is part of it).
    batches = program.batches
    ActionChains(browser).move_to_element(grip).click_and_hold().move_by_offset(0, 8).pause(1.0) \
        .move_by_offset(0, int(distance) - 8).perform()
    assert program.batches >= batches + 2, "no change came while the row was lifted"
    assert "drag" in row.get_attribute("class").split(), "the lifted row was dropped by a change"
    ActionChains(browser).release().perform()
    expected = before[1:3] + [moved] + before[3:]
    wait(browser, lambda d: titles(shared_server) == expected,
         message=f"the row did not land after {over}: {titles(shared_server)}")
    assert no_refusal(browser)


def test_an_undone_delete_comes_back_with_its_id_between_its_neighbours(browser, shared_server, program):
    open_table(browser, shared_server, "shared")
    before = section_rows(shared_server)
    person = [row for row in before if not row[1].startswith("Program")]
    victim = person[1]
    row = person_row(browser, victim[1])
    swipe(browser, row, int(row.rect["width"] * 0.8))
    wait(browser, lambda d: victim not in section_rows(shared_server), message="the delete was not saved")
    program.wait_for(2)
    toast = wait(browser, lambda d: next((t for t in d.find_elements(By.CSS_SELECTOR, ".undo-toast") if t.is_displayed()), None),
                 message="no Undo toast after the delete")
    assert toast.text.startswith("1 deleted")
    toast.find_element(By.CSS_SELECTOR, "[data-action=undo]").click()
    wait(browser, lambda d: victim in section_rows(shared_server), message="Undo did not bring the row back")
    after = [row for row in section_rows(shared_server) if not row[1].startswith("Program")]
    assert after == person, "the row came back elsewhere, or with another id"
    wait(browser, lambda d: row_by_id(d, victim[0]) is not None, message="the restored row is not drawn")


def test_a_field_being_typed_in_keeps_its_text_and_focus_while_the_program_posts(browser, shared_server):
    program = Program(shared_server, "form")
    program.start()
    try:
        open_table(browser, shared_server, "form")
        field = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "input[data-action=text]"))
        field.click()
        field.send_keys(Keys.END, " Lovelace")
        program.wait_for(3)
        field = browser.find_element(By.CSS_SELECTOR, "input[data-action=text]")
        assert browser.execute_script("return document.activeElement === arguments[0]", field), "the field lost the focus"
        assert field.get_attribute("value") == "Ada Lovelace", "the typed text was lost"
        wait(browser, lambda d: d.find_element(By.XPATH, "//*[@data-row-id][contains(., 'Counter')]").text != "Counter\n0",
             message="the program's changes are not drawn around the field")
        field.send_keys(Keys.ENTER)
        wait(browser, lambda d: section_rows(shared_server, dataset="form", key="value")[0][1] == "Ada Lovelace",
             message="Enter did not save the text")
    finally:
        program.stop()
    assert program.refused == []


@pytest.mark.console_errors_expected  # the refused batch
def test_a_change_made_elsewhere_before_the_pages_own_edit_is_not_overwritten(browser, shared_server):
    """The page drew a version; someone else renames the Name field's value; the person turns Alpha on, then, before
    the page has drawn anything newer, types another name: saving it would silently undo the other change, so it is
    refused and said. (The event stream is blocked and answers are slow, so the page cannot have drawn it.)"""
    value = lambda: section_rows(shared_server, dataset="pair", key="value")[1][1]
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/events*"]})
    try:
        open_table(browser, shared_server, "pair")
        field = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "input[data-action=text]"))
        version = api(shared_server, "", dataset="pair")["version"]
        api(shared_server, "/batch", {"baseVersion": version, "updateRows": [
            {"id": section_rows(shared_server, dataset="pair")[1][0], "fields": {"value": "Grace"}}]}, dataset="pair")
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1})
        browser.find_element(By.CSS_SELECTOR, "[role=switch]").click()
        wait(browser, lambda d: section_rows(shared_server, dataset="pair", key="on")[0][1] is True,
             message="the switch did not save")
        field.click()
        field.send_keys(Keys.END, " Lovelace", Keys.ENTER)
        wait(browser, lambda d: "elsewhere" in d.find_element(By.CSS_SELECTOR, "#note").text, timeout=20,
             message="the stale edit was not refused with a word")
        assert value() == "Grace", "the other change was overwritten"
    finally:
        browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        browser.execute_cdp_cmd("Network.disable", {})


def test_selected_rows_deleted_elsewhere_leave_the_selection_with_a_word(browser, server):
    open_table(browser, server, "messages")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    picked = []
    for row in [r for r in browser.find_elements(By.CSS_SELECTOR, "[data-row-id]") if r.is_displayed()][:3]:
        person_row(browser, row.text.split("\n")[0]).click()
        picked.append(row.get_attribute("data-row-id"))
    count = browser.find_element(By.CSS_SELECTOR, "[data-role=selected-count]")
    wait(browser, lambda d: count.text.startswith("3"), message="three rows are not selected")
    version = json.load(urllib.request.urlopen(f"{server.url}/api/datasets/messages"))["version"]
    request = urllib.request.Request(f"{server.url}/api/datasets/messages/batch", method="POST",
                                     data=json.dumps({"baseVersion": version, "deleteRows": [int(picked[1])]}).encode(),
                                     headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request).close()
    note = browser.find_element(By.CSS_SELECTOR, "#note")
    wait(browser, lambda d: note.is_displayed() and note.text == "Deleted elsewhere and deselected: 1",
         message="no word for the selected row deleted elsewhere")
    wait(browser, lambda d: count.text.startswith("2"), message="the count did not follow")
    for row_id in (picked[0], picked[2]):
        assert row_by_id(browser, row_id).get_attribute("aria-selected") == "true", "the other rows left the selection"


@pytest.mark.console_errors_expected  # the browser logs the 409 the page answers by placing the row again
def test_a_new_row_lands_at_the_end_of_its_section_while_the_program_adds_there(browser, shared_server, program):
    open_table(browser, shared_server, "shared")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    for attempt in range(3):
        plus = wait(browser, lambda d: next((e for e in d.find_elements(By.CSS_SELECTOR, ".ins[data-section='0']")
                                             if e.is_displayed()), None), message="no insertion row")
        program.wait_for(2)
        if attempt == 0:  # a page that has not drawn the program's last changes yet, as on a slow connection
            browser.execute_async_script(
                "const done = arguments[0]; import('/page/state.js').then(m => done(m.state.version -= 3))")
        count = sum(1 for _, title in section_rows(shared_server) if title == "New Row")
        plus.click()
        wait(browser, lambda d: sum(1 for _, title in section_rows(shared_server) if title == "New Row") == count + 1,
             message="the plus did not add a row")
        assert no_refusal(browser), browser.find_element(By.CSS_SELECTOR, "#note").text


def test_an_open_swipe_stays_open_and_in_place_while_rows_arrive_above_it(browser, shared_server):
    open_table(browser, shared_server, "shared")
    browser.execute_script("document.querySelector('[data-role=scroller]').scrollTop = 200")
    drawn_version = lambda d: d.execute_async_script(
        "const done = arguments[0]; import('/page/state.js').then(m => done(m.state.version))")
    wait(browser, lambda d: drawn_version(d) == api(shared_server, "")["version"])
    row = next(r for r in browser.find_elements(By.CSS_SELECTOR, "[data-row-id]")
               if r.is_displayed() and 300 < r.rect["y"] < 600)
    row = person_row(browser, row.text)
    swipe(browser, row, 150)
    wait(browser, lambda d: row.get_attribute("data-open") == "t", message="the swipe did not open the row")
    top = row.rect["y"]
    for step in range(4):
        version = api(shared_server, "")["version"]
        api(shared_server, "/batch", {"baseVersion": version,
                                      "insertRows": [{"section": 0, "row": 0, "fields": {"title": f"Above {step}"}}]})
        wait(browser, lambda d: drawn_version(d) == version + 1, message="the page did not draw the change")
        assert row.get_attribute("data-open") == "t", "rows inserted above closed the swiped row"
        assert abs(row.rect["y"] - top) <= 1, f"the swiped row moved from {top} to {row.rect['y']}"


def test_an_open_swipe_closes_when_someone_changes_its_own_row_and_only_then(browser, shared_server):
    """UIKit keeps a row's actions open through other rows' changes; a change to that row ends the swipe."""
    open_table(browser, shared_server, "shared")
    drawn_version = lambda d: d.execute_async_script(
        "const done = arguments[0]; import('/page/state.js').then(m => done(m.state.version))")
    wait(browser, lambda d: drawn_version(d) == api(shared_server, "")["version"])
    shown = [r for r in browser.find_elements(By.CSS_SELECTOR, "[data-row-id]") if r.is_displayed()]
    row, other = person_row(browser, shown[1].text), shown[3]
    swipe(browser, row, 150)
    wait(browser, lambda d: row.get_attribute("data-open") == "t", message="the swipe did not open the row")
    for target, closes in ((other, False), (row, True)):
        version = api(shared_server, "")["version"]
        api(shared_server, "/batch", {"baseVersion": version, "updateRows": [
            {"id": int(target.get_attribute("data-row-id")), "fields": {"title": f"Renamed at {version}"}}]})
        wait(browser, lambda d: drawn_version(d) == version + 1, message="the page did not draw the change")
        is_open = row_by_id(browser, row.get_attribute("data-row-id")).get_attribute("data-open") == "t"
        assert is_open != closes, "a change to another row closed the swipe" if not closes else "its own row's change left it open"
