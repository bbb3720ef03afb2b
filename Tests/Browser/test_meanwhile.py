"""What the person is told when someone else's change meets theirs: a refused batch in the page's language and in
words about the rows they see (never an id or the API's text), a delete confirmation whose count follows the
selection as rows are deleted elsewhere, and a field typed in while someone else changes it."""
import json
import os
import tempfile

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import Server, animations_done, at_width, make_driver, open_table, row_by_id, wait
from test_together import api as together_api

TASKS = 12


@pytest.fixture(scope="module")
def meanwhile_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("meanwhile")
    (folder / "tasks.json").write_text(json.dumps(
        [{"title": "Today", "rows": [{"title": f"Task {i}"} for i in range(TASKS)]}]))
    (folder / "inbox.json").write_text(json.dumps(
        [{"send_time": 1576139886 + i * 3600, "title": f"Message {i}", "content": "Hello", "read": False} for i in range(30)]))
    (folder / "form.json").write_text(json.dumps({"table": {"style": "insetGrouped", "sections": [{"rows": [
        {"text": "Name", "accessoryView": "textField", "value": "Ada"}, {"text": "Counter", "detail": "0"}]}]}}))
    # Rows whose swipe has a Flag and no Delete: the Delete key asks in the confirmation sheet.
    (folder / "flagged.json").write_text(json.dumps({"notes": [{"title": f"Note {i}"} for i in range(6)],
                                                     "trailingActions": [{"title": "Flag", "update": {"flag": True}}]}))
    (folder / "guild.json").write_text(json.dumps([{"name": f"Hero {i}", "title": f"Title {i}", "icon": "hero-01",
                                                     "desc": "A hero.", "tags": ["Mage"]} for i in range(4)]))
    running = Server(["--import", str(folder / "tasks.json"), "--import", str(folder / "inbox.json"),
                      "--import", str(folder / "form.json"), "--import", str(folder / "guild.json"),
                      "--import", str(folder / "flagged.json")])
    yield running
    running.stop()


def api(server, path, body=None, dataset="tasks"):
    return together_api(server, path, body, dataset)


def row_titled(server, title, dataset="tasks", key="title"):
    window = api(server, "/window?top=0&height=20000&expanded=all", dataset=dataset)
    return next(row["id"] for row in window["rows"] if row["fields"].get(key) == title)


def delete_elsewhere(server, ids, dataset="tasks"):
    """Someone else deletes rows, on the version they see."""
    version = api(server, "", dataset=dataset)["version"]
    api(server, "/batch", {"baseVersion": version, "deleteRows": ids}, dataset=dataset)
    return version + 1


def look(driver, name):
    """A screenshot to look at (in the temporary folder: these states are not the README's), once the note shown
    has faded in."""
    wait(driver, lambda d: d.execute_script("const n = document.querySelector('#note');"
                                            "return n.hidden || getComputedStyle(n).opacity === '1'"))
    driver.save_screenshot(os.path.join(tempfile.gettempdir(), f"listserver-{name}.png"))


def drawn_version(driver):
    return driver.execute_async_script("const done = arguments[0]; import('/page/state.js').then(m => done(m.state.version))")


def note_says(words):
    """A condition: the note shows `words`; what it showed instead is kept in `seen` for the failure's message."""
    seen = []

    def says(driver):
        note = driver.find_element(By.CSS_SELECTOR, "#note")
        text = note.text if note.is_displayed() else None
        if text and text not in seen:
            seen.append(text)
        return text == words
    return says, seen


def wait_for_note(driver, words):
    says, seen = note_says(words)
    try:
        wait(driver, says, message=f"the note did not say {words!r}")
    except Exception:
        raise AssertionError(f"the note said {seen}, not {words!r}")


@pytest.mark.console_errors_expected  # the browser logs the refused batch
@pytest.mark.parametrize("lang, task, drawn, words", (
    ("en", 1, False, "Not moved: “Task 1” was deleted elsewhere."),
    ("en", 3, True, "Not moved: “Task 3” was deleted elsewhere."),
    ("zh-Hans", 5, False, "未移动：“Task 5”已在别处删除。"),
    ("zh-Hans", 7, True, "未移动：“Task 7”已在别处删除。"),
))
def test_a_drag_whose_row_was_deleted_elsewhere_says_so_in_the_persons_words(browser, meanwhile_server, lang, task, drawn, words):
    """The row held is deleted elsewhere while it is lifted; the drop is refused (409 when the page still drew the
    version before, 422 when it drew the delete's version), and the note names the row by its title, in the page's
    language."""
    open_table(browser, meanwhile_server, "tasks", f"?lang={lang}")
    browser.find_element(By.CSS_SELECTOR, "[data-action=done], [data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    animations_done(browser)
    row = next(r for r in browser.find_elements(By.CSS_SELECTOR, "[data-row-id]") if r.text.startswith(f"Task {task}"))
    below = row_by_id(browser, row_titled(meanwhile_server, f"Task {task + 1}"))
    grip = row.find_element(By.CSS_SELECTOR, "[data-action=move]")
    ActionChains(browser).move_to_element(grip).click_and_hold().move_by_offset(0, 8).perform()
    version = delete_elsewhere(meanwhile_server, [int(row.get_attribute("data-row-id"))])
    if drawn:  # as when a window at the new version was drawn during the drag
        browser.execute_async_script(
            "const done = arguments[1]; import('/page/state.js').then(m => done(m.state.version = arguments[0]))", version)
    ActionChains(browser).move_by_offset(0, int(below.rect["height"]) + 4).release().perform()
    wait_for_note(browser, words)
    look(browser, f"refused-{lang}-{task}")


def confirmation(driver):
    """The delete confirmation's question, None when it is closed."""
    return driver.execute_script("const d = document.querySelector('#confirm'); return d.open ? d.querySelector('p').textContent : null")


@pytest.mark.parametrize("select_all", (False, True))
def test_the_delete_confirmation_follows_the_selection_as_rows_are_deleted_elsewhere(browser, meanwhile_server, select_all):
    """Manage mode, rows selected (one by one, or Select All's run), Delete asks about their count; rows deleted
    elsewhere meanwhile leave the selection, the question counts the rest, and goes when none is left."""
    open_table(browser, meanwhile_server, "inbox")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    animations_done(browser)
    shown = [r for r in browser.find_elements(By.CSS_SELECTOR, "[data-row-id]") if r.is_displayed()][:3]
    picked = [int(r.get_attribute("data-row-id")) for r in shown]
    if select_all:
        browser.find_element(By.CSS_SELECTOR, "[data-action=select-all]").click()
    else:
        for row in shown:
            row.click()
    total = api(meanwhile_server, "", dataset="inbox")["rowCount"] if select_all else 3
    count = browser.find_element(By.CSS_SELECTOR, "[data-role=selected-count]")
    wait(browser, lambda d: count.text.startswith(str(total)), message=f"{total} rows are not selected: {count.text}")
    browser.find_element(By.CSS_SELECTOR, "[data-action=delete-selected]").click()
    wait(browser, lambda d: confirmation(d) == f"Delete {total} selected?", message="Delete did not ask about the selection")
    delete_elsewhere(meanwhile_server, picked[:1], dataset="inbox")
    wait(browser, lambda d: confirmation(d) == f"Delete {total - 1} selected?",
         message="the question did not follow the selection")
    look(browser, f"recounted-{select_all}")
    if select_all:
        browser.find_element(By.CSS_SELECTOR, "[data-action=cancel]").click()
        return
    delete_elsewhere(meanwhile_server, picked[1:], dataset="inbox")
    wait(browser, lambda d: confirmation(d) is None, message="the question stayed with nothing left to delete")
    assert browser.find_element(By.CSS_SELECTOR, "[data-action=delete-selected]").get_attribute("disabled") is not None


def test_the_delete_confirmation_of_a_row_deleted_elsewhere_goes_and_says_why(browser, meanwhile_server):
    """Delete on a row whose swipe shows no Delete asks about it in the sheet; deleted elsewhere meanwhile, the row
    leaves, the question goes with it and a note says why; a row of the same list deleted elsewhere keeps it."""
    open_table(browser, meanwhile_server, "flagged")
    asked, other = (row_titled(meanwhile_server, f"Note {i}", dataset="flagged") for i in (2, 4))
    browser.execute_script("arguments[0].focus()", row_by_id(browser, asked))
    browser.switch_to.active_element.send_keys(Keys.DELETE)
    wait(browser, lambda d: confirmation(d) == "Delete “Note 2”?", message="Delete did not ask about the row")
    delete_elsewhere(meanwhile_server, [other], dataset="flagged")
    wait(browser, lambda d: row_by_id(d, other) is None, message="the row deleted elsewhere stayed")
    assert confirmation(browser) == "Delete “Note 2”?", "the question went with another row"
    delete_elsewhere(meanwhile_server, [asked], dataset="flagged")
    wait(browser, lambda d: confirmation(d) is None, message="the question stayed after its row was deleted elsewhere")
    wait_for_note(browser, "“Note 2” was deleted elsewhere.")
    wait(browser, lambda d: row_by_id(d, asked) is None, message="the row deleted elsewhere stayed")


def test_a_note_said_while_a_dialog_is_open_shows_above_its_backdrop(browser, meanwhile_server):
    """Rows selected, Delete asks about them in a modal sheet; one deleted elsewhere meanwhile, "Deleted elsewhere and
    deselected" shows in the top layer with the sheet (not dimmed and inert under its backdrop), clear of the sheet,
    on the screen; and back in the page once the sheet goes."""
    open_table(browser, meanwhile_server, "inbox")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    animations_done(browser)
    shown = [r for r in browser.find_elements(By.CSS_SELECTOR, "[data-row-id]") if r.is_displayed()][:2]
    for row in shown:
        row.click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=selected-count]").text.startswith("2"))
    browser.find_element(By.CSS_SELECTOR, "[data-action=delete-selected]").click()
    wait(browser, lambda d: confirmation(d) == "Delete 2 selected?", message="Delete did not ask")
    delete_elsewhere(meanwhile_server, [int(shown[0].get_attribute("data-row-id"))], dataset="inbox")
    wait_for_note(browser, "Deleted elsewhere and deselected: 1")
    assert confirmation(browser) == "Delete 1 selected?"
    on_top = "const n = document.querySelector('#note'); return !!n.closest(':modal, :popover-open') && !n.inert"
    assert browser.execute_script(on_top), "the note is under the sheet's backdrop"
    found = boxes(browser, ["#note", "#confirm"])
    assert not overlap(found["#note"], found["#confirm"]), f"the note covers the sheet: {found}"
    assert 0 <= found["#note"]["t"] and found["#note"]["b"] <= browser.execute_script("return innerHeight")
    look(browser, "note-over-sheet")
    browser.find_element(By.CSS_SELECTOR, "#confirm [data-action=cancel]").click()
    wait(browser, lambda d: d.execute_script("return document.querySelector('#messages').parentElement === document.body"),
         message="the messages stayed in the closed sheet")


def boxes(driver, selectors):
    """The shown elements' boxes by selector (None for one not shown)."""
    return driver.execute_script("""
        return Object.fromEntries(arguments[0].map(s => {
          const e = document.querySelector(s), b = e && e.getBoundingClientRect();
          return [s, b && b.width && getComputedStyle(e).visibility !== 'hidden' ? {l: b.left, r: b.right, t: b.top, b: b.bottom} : null];
        }))""", selectors)


def overlap(a, b):
    return a and b and a["l"] < b["r"] - 0.5 and b["l"] < a["r"] - 0.5 and a["t"] < b["b"] - 0.5 and b["t"] < a["b"] - 0.5


@pytest.mark.parametrize("width, scheme", ((360, "light"), (360, "dark"), (1280, "light"), (1280, "dark")))
def test_a_note_covers_nothing_the_person_is_using(browser, meanwhile_server, width, scheme):
    """"Deleted elsewhere and deselected" shows while Manage mode's bar shows and the connection is being found
    again: it stands above the edit bar and the Reconnecting… message, clear of the navigation bar and the search
    field, on the screen, at a phone's width and a desktop's, light and dark."""
    at_width(browser, width)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        open_table(browser, meanwhile_server, "inbox")
        browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
        animations_done(browser)
        shown = [r for r in browser.find_elements(By.CSS_SELECTOR, "[data-row-id]") if r.is_displayed()]
        shown[0].click()
        wait(browser, lambda d: shown[0].get_attribute("aria-selected") == "true", message="the row was not selected")
        browser.execute_script("document.querySelector('#offline').hidden = false")  # as while reconnecting
        delete_elsewhere(meanwhile_server, [int(shown[0].get_attribute("data-row-id"))], dataset="inbox")
        wait_for_note(browser, "Deleted elsewhere and deselected: 1")
        found = boxes(browser, ["#note", "[data-role=navbar]", "[data-role=search]", "#editbar", "#offline"])
        note = found.pop("#note")
        assert 0 <= note["l"] and note["r"] <= width and note["b"] <= browser.execute_script("return innerHeight")
        for selector, other in found.items():
            assert other, f"{selector} is not shown"
            assert not overlap(note, other), f"the note covers {selector}: {note} over {other}"
        assert note["b"] <= found["#editbar"]["t"] and note["b"] <= found["#offline"]["t"], "the note is not above the bars"
        look(browser, f"note-{width}-{scheme}")
    finally:
        browser.execute_script("document.querySelector('#offline').hidden = true")
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        at_width(browser, 480)


@pytest.fixture
def other_page():
    """A second browser: another person on the same list."""
    driver = make_driver()
    yield driver
    driver.quit()


def name_value(server):
    return api(server, "/window?top=0&height=2000", dataset="form")["rows"][0]["fields"]["value"]


def set_name(server, value):
    version = api(server, "", dataset="form")["version"]
    row = api(server, "/window?top=0&height=2000", dataset="form")["rows"][0]["id"]
    api(server, "/batch", {"baseVersion": version, "updateRows": [{"id": row, "fields": {"value": value}}]}, dataset="form")
    return version + 1


def field_of(driver):
    return wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "input[data-action=text]"), message="no text field")


def theirs(driver):
    """The word beside the field about someone else's value, None when there is none."""
    shown = driver.find_elements(By.CSS_SELECTOR, ".theirs")
    return shown[0].text if shown and shown[0].is_displayed() else None


@pytest.mark.parametrize("lang, said", (("en", "Changed elsewhere: “Grace”\nUse Theirs"), ("zh-Hans", "已在别处更改为“Grace”\n采用此值")))
def test_two_people_typing_in_one_field_see_each_other_and_the_last_save_wins(browser, other_page, meanwhile_server, lang, said):
    """A types in the Name field; meanwhile B saves "Grace" there. A keeps the draft and focus, and is told B's
    value beside the field, in A's language; A saves: A's value wins, on the server and on both pages."""
    set_name(meanwhile_server, "Ada")
    open_table(browser, meanwhile_server, "form", f"?lang={lang}")
    open_table(other_page, meanwhile_server, "form")
    field = field_of(browser)
    field.click()
    field.send_keys(Keys.END, " Lovelace")
    other = field_of(other_page)
    other.click()
    other.send_keys(Keys.CONTROL, "a")
    other.send_keys("Grace", Keys.ENTER)
    wait(browser, lambda d: name_value(meanwhile_server) == "Grace", message="B's value was not saved")
    wait(browser, lambda d: theirs(d) == said, message="A was not told B's value beside the field")
    field = field_of(browser)
    assert field.get_attribute("value") == "Ada Lovelace", "A's draft was lost"
    assert browser.execute_script("return document.activeElement === arguments[0]", field), "A's field lost the focus"
    wait(browser, lambda d: d.execute_script(
        "const b = document.querySelector('.theirs').getBoundingClientRect();"
        "return document.elementFromPoint(b.left + 4, b.top + b.height / 2)?.closest('.theirs') !== null"),
        message="the word is covered")
    look(browser, f"theirs-{lang}")
    field.send_keys(Keys.ENTER)
    wait(browser, lambda d: name_value(meanwhile_server) == "Ada Lovelace", message="A's save did not win")
    wait(other_page, lambda d: field_of(d).get_attribute("value") == "Ada Lovelace", message="B does not show A's value")
    wait(browser, lambda d: theirs(d) is None and field_of(d).get_attribute("value") == "Ada Lovelace",
         message="A does not show its own value alone")
    assert not browser.find_element(By.CSS_SELECTOR, "#note").is_displayed(), browser.find_element(By.CSS_SELECTOR, "#note").text


@pytest.mark.parametrize("value", ("Grace Hopper", "Grace $& Hopper"))  # text with what String.replace reads
def test_their_value_can_be_taken_in_place_of_the_draft(browser, meanwhile_server, value):
    """Told of someone else's value while typing, the person takes it: the field shows it, keeps the focus, and
    nothing is saved over it. Their value is said as it is, whatever characters it holds."""
    set_name(meanwhile_server, "Ada")
    open_table(browser, meanwhile_server, "form")
    field = field_of(browser)
    field.click()
    field.send_keys(Keys.END, " Lovelace")
    below = "return [...document.querySelectorAll('[data-row-id]')].find(r => r.textContent.startsWith('Counter'))" \
            ".getBoundingClientRect().top"
    before = browser.execute_script(below)
    version = set_name(meanwhile_server, value)
    wait(browser, lambda d: theirs(d) == f"Changed elsewhere: “{value}”\nUse Theirs", message="no word of their value, as it is")
    # The word lies over the rows below rather than pushing them down, and nothing covers it.
    assert browser.execute_script(below) == before, "the row below moved when the word appeared"
    assert browser.execute_script(
        "const b = document.querySelector('.theirs').getBoundingClientRect();"
        "return document.elementFromPoint(b.left + 4, b.top + b.height / 2)?.closest('.theirs') !== null"), \
        "the word is covered"
    browser.find_element(By.CSS_SELECTOR, "[data-action=theirs]").click()
    field = field_of(browser)
    wait(browser, lambda d: field.get_attribute("value") == value and theirs(d) is None, message="their value was not taken")
    assert browser.execute_script("return document.activeElement === arguments[0]", field), "the field lost the focus"
    field.send_keys(Keys.ENTER)
    wait(browser, lambda d: d.execute_script("return document.activeElement.getAttribute('role')") == "row")
    assert api(meanwhile_server, "", dataset="form")["version"] == version and name_value(meanwhile_server) == value


def test_a_hero_renamed_elsewhere_while_its_editor_is_open_keeps_the_draft_and_says_so(browser, meanwhile_server):
    """A hero's name is being typed in its editor while someone else renames the hero: the draft stays, their name
    is said beside the field, the untouched title follows theirs; Save writes the draft over theirs."""
    open_table(browser, meanwhile_server, "guild")
    animations_done(browser)
    row = next(r for r in browser.find_elements(By.CSS_SELECTOR, "[data-row-id]") if r.text.startswith("Hero 1"))
    hero = int(row.get_attribute("data-row-id"))
    row.click()
    name = wait(browser, lambda d: next((i for i in d.find_elements(By.CSS_SELECTOR, "#editor [name=name]") if i.is_displayed()), None),
                message="the editor did not open")
    name.send_keys(Keys.END, " the Bold")
    below = "return document.querySelector('#editor [name=title]').getBoundingClientRect().top"
    before = browser.execute_script(below)
    version = api(meanwhile_server, "", dataset="guild")["version"]
    api(meanwhile_server, "/batch", {"baseVersion": version, "updateRows": [
        {"id": hero, "fields": {"name": "Hero One", "title": "Elder"}}]}, dataset="guild")
    wait(browser, lambda d: theirs(d) == "Changed elsewhere: “Hero One”\nUse Theirs", message="no word of their name")
    assert name.get_attribute("value") == "Hero 1 the Bold", "the draft was lost"
    assert browser.execute_script(below) == before, "the field below moved when the word appeared"
    assert browser.execute_script(
        "const b = document.querySelector('#editor .theirs').getBoundingClientRect();"
        "return document.elementFromPoint(b.left + 4, b.top + b.height / 2)?.closest('.theirs') !== null"), \
        "the word is covered"
    assert browser.find_element(By.CSS_SELECTOR, "#editor [name=title]").get_attribute("value") == "Elder", \
        "the field not typed in did not take their title"
    look(browser, "theirs-editor")
    name.send_keys(Keys.TAB)  # the dialog saves only on Save: the keyboard reaches Use Theirs
    assert browser.switch_to.active_element.get_attribute("data-action") == "theirs", "Tab does not reach Use Theirs"
    browser.find_element(By.CSS_SELECTOR, "#editor [data-action=save]").click()
    saved = lambda: next(r["fields"] for r in api(meanwhile_server, "/window?top=0&height=2000", dataset="guild")["rows"] if r["id"] == hero)
    wait(browser, lambda d: saved()["name"] == "Hero 1 the Bold" and saved()["title"] == "Elder", message="the draft did not win")
    wait(browser, lambda d: row_by_id(d, hero).text.startswith("Hero 1 the Bold"), message="the page does not show the saved name")
    assert not browser.find_element(By.CSS_SELECTOR, "#note").is_displayed(), browser.find_element(By.CSS_SELECTOR, "#note").text
