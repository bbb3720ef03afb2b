"""Choice lists as a Settings screen's: a tap moves the checkmark in one batch, and the row that opened the list
shows the choice as its detail when the user goes back (Wi-Fi › Ask to Join Networks)."""
import json

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, animations_done, api_window, open_table, rows, wait


def row_named(driver, text):
    found = [r for r in rows(driver) if r.find_elements(By.CSS_SELECTOR, ".t1, .lb")
             and r.find_element(By.CSS_SELECTOR, ".t1, .lb").text == text]
    return found[0] if found else None


def window(server, child=""):
    return api_window(server, "settings", **({"child": child} if child else {}))


def open_row(driver, text):
    wait(driver, lambda d: row_named(d, text) is not None, message=f"no row {text}")
    row_named(driver, text).click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=title]").text == text,
         message=f"{text} did not open")
    animations_done(driver)


def test_a_tap_in_a_choice_list_moves_the_checkmark_and_the_parent_shows_the_choice(browser, own_server):
    open_table(browser, own_server, "settings")
    open_row(browser, "Wi-Fi")
    ask_to_join = row_named(browser, "Ask to Join Networks")
    assert ask_to_join.find_element(By.CSS_SELECTOR, ".dt").text == "Notify"
    open_row(browser, "Ask to Join Networks")
    choices = {text: row_named(browser, text) for text in ("Off", "Notify", "Ask")}
    assert all(row.get_attribute("data-choice") == "single" for row in choices.values())
    assert choices["Notify"].get_attribute("data-accessory") == "checkmark"
    choices["Ask"].click()
    wait(browser, lambda d: row_named(d, "Ask").get_attribute("data-accessory") == "checkmark",
         message="the checkmark did not move to Ask")
    checked = [r.find_element(By.CSS_SELECTOR, ".t1").text for r in rows(browser)
               if r.get_attribute("data-accessory") == "checkmark"]
    assert checked == ["Ask"], "one row of a choice list has the checkmark"
    selected = [r.find_element(By.CSS_SELECTOR, ".t1").text for r in rows(browser) if r.get_attribute("aria-selected") == "true"]
    assert selected == ["Ask"], f"assistive technology is told {selected} is chosen"
    fill = lambda name: browser.execute_script(
        "return getComputedStyle(arguments[0].querySelector('.rc')).backgroundColor", row_named(browser, name))
    wait(browser, lambda d: fill("Ask") == fill("Off"), message="the chosen row keeps a grey fill: iOS shows the checkmark only")
    browser.find_element(By.CSS_SELECTOR, "[data-action=back]").click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "[data-role=title]").text == "Wi-Fi")
    wait(browser, lambda d: row_named(d, "Ask to Join Networks").find_element(By.CSS_SELECTOR, ".dt").text == "Ask",
         message="the parent row does not show the choice")
    wifi = next(r for r in window(own_server)["rows"] if r["fields"]["text"] == "Wi-Fi")
    stored = next(r for r in window(own_server, wifi["child"])["rows"] if r["fields"]["text"] == "Ask to Join Networks")
    assert stored["fields"]["detail"] == "Ask"


@pytest.fixture(scope="module")
def sections_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("within")
    path = folder / "within.json"
    rows_of = lambda names: [{"text": name, "canMove": True, "editingStyle": "delete"} for name in names]
    path.write_text(json.dumps({"table": {"sections": [
        {"header": "Kept", "moveWithinSection": True, "rows": rows_of(["a1", "a2", "a3"])},
        {"header": "Free", "rows": rows_of(["b1", "b2", "b3"])}]}}))
    running = Server(["--import", f"within={path}"])
    yield running
    running.stop()


def test_a_row_of_a_move_within_section_section_stays_in_it_while_dragged_and_dropped(browser, sections_server):
    from selenium.webdriver.common.action_chains import ActionChains
    open_table(browser, sections_server, "within")
    browser.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    animations_done(browser)
    first = row_named(browser, "a1")
    assert first.get_attribute("data-move-within") == "section"
    step = first.rect["height"]
    grip = first.find_element(By.CSS_SELECTOR, "[data-action=move]")
    chain = ActionChains(browser).move_to_element(grip).click_and_hold().move_by_offset(0, 10)
    for _ in range(6):
        chain = chain.move_by_offset(0, int(step * 0.8))
    chain.perform()
    try:
        translate = lambda name: browser.execute_script("return getComputedStyle(arguments[0]).translate", row_named(browser, name))
        assert translate("a3").startswith("0px -"), "the section's own rows make room"
        assert all(translate(name) in ("none", "0px") for name in ("b1", "b2")), "rows of another section moved aside"
    finally:
        ActionChains(browser).release().perform()
    texts = lambda: [r["fields"]["text"] for r in api_window(sections_server, "within")["rows"]]
    wait(browser, lambda d: texts() == ["a2", "a3", "a1", "b1", "b2", "b3"], message="the row left its section")
