"""axe-core on every page and state, light and dark: no critical or serious violation (valid ARIA for the roles
used, one main landmark, WCAG AA text contrast)."""
import pytest
from selenium.webdriver.common.by import By

from conftest import axe_violations, open_table, rows, wait


def click(driver, selector):
    driver.find_element(By.CSS_SELECTOR, selector).click()


def settle(driver):
    wait(driver, lambda d: d.execute_script("return document.readyState") == "complete")
    driver.execute_script("return new Promise(r => setTimeout(r, 400))")


STATES = {
    "home": ("/", None),
    "friends": ("/d/friends", None),
    "friends-open": ("/d/friends?expanded=all", None),
    "heroes": ("/d/heroes", None),
    "heroes-edit": ("/d/heroes", lambda d: click(d, "[data-action=edit]")),
    "heroes-dialog": ("/d/heroes", lambda d: rows(d)[1].find_element(By.CSS_SELECTOR, ".tx").click()),
    "apps": ("/d/apps", None),
    "apps-toast": ("/d/apps", lambda d: click(d, "[data-action=download]")),
    "messages": ("/d/messages", None),
    "messages-manage": ("/d/messages", lambda d: (click(d, "[data-action=edit]"), rows(d)[0].click())),
    "messages-swiped": ("/d/messages", lambda d: (rows(d)[1].find_element(By.CSS_SELECTOR, ".rc") and
                                                  d.execute_script("arguments[0].toggleAttribute('data-open', true)",
                                                                   rows(d)[1]))),
    "messages-selected": ("/d/messages", lambda d: rows(d)[2].click()),
    "notes-edit": ("/d/notes", lambda d: click(d, "[data-action=edit]")),
    "texts": ("/d/texts", None),
    "settings": ("/d/settings", None),
    "settings-child": ("/d/settings", lambda d: open_child(d)),
    "settings-details": ("/d/settings", lambda d: (open_child(d), click(d, "[data-row-id] [data-action=detail]"),
                                                   wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "dialog[open]")))),
    "search": ("/d/friends?q=li", None),
    "search-typed": ("/d/heroes", lambda d: (d.find_element(By.CSS_SELECTOR, "[data-role=search]").send_keys("ra"),
                                             wait(d, lambda d: "q=ra" in d.current_url))),
}


def open_child(driver):
    """Opens the Wi-Fi child table of the settings sample (its networks have detail buttons), in the page."""
    driver.find_element(By.XPATH, "//*[@data-row-id and @data-child][.//*[text()='Wi-Fi']]").click()
    wait(driver, lambda d: "child=" in d.current_url and d.find_elements(By.CSS_SELECTOR, "[data-action=back]"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("state", STATES)
def test_axe_finds_no_critical_or_serious_violation(browser, server, text_server, state, scheme):
    path, action = STATES[state]
    host = text_server if path.startswith(("/d/notes", "/d/texts")) else server
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        if path == "/":
            browser.get(host.url + "/")
        else:
            open_table(browser, host, path.split("/")[2].split("?")[0], "?" + path.split("?")[1] if "?" in path else "")
        if action:
            action(browser)
        settle(browser)
        found = axe_violations(browser)
        assert found == [], found
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_the_accessibility_tree_names_a_switch_row_once_and_has_no_nameless_rows(browser, server):
    """Chromium's own tree (CDP Accessibility.getFullAXTree) on the settings sample: a switch row is named by its
    text once ("Airplane Mode", not "Airplane Mode Airplane Mode"), its switch by the same text; the untitled
    headers between groups are no rows at all, so nothing focusable goes without a name."""
    open_table(browser, server, "settings")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[role=switch]"))
    nodes = [n for n in browser.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"] if not n.get("ignored")]
    named = [(n.get("role", {}).get("value"), n.get("name", {}).get("value", ""),
              any(p["name"] == "focusable" and p["value"].get("value") for p in n.get("properties", [])))
             for n in nodes]
    rows_named = [name for role, name, _ in named if role == "row"]
    assert "Airplane Mode" in rows_named, rows_named
    assert ("switch", "Airplane Mode", True) in named
    assert not [name for name in rows_named if name and name.split()[: len(name.split()) // 2] * 2 == name.split()], \
        f"a row says its text twice: {rows_named}"
    nameless = [(role, name) for role, name, focusable in named if focusable and not name.strip()
                and role not in ("RootWebArea", "main", "grid", "treegrid", "rowgroup", "generic")]
    assert nameless == [], f"focusable nodes without a name: {nameless}"
