"""Outlines in the page (iOS 14's expandable lists): a dataset that is one section of rows with child rows opens as
a tree grid; the disclosure triangles and the treegrid keys (Right, Left, *) expand and collapse nodes at any depth,
the URL keeps the expanded nodes across reload and Back, and a tree of 200,000 nodes stays virtualized."""
import json
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import animations_done, axe_violations, at_width, screenshot, scroll_at_rest, server_with, settled, wait

# A leaf first: a list whose first rows all hold `children` reads as groups.
GEO = [
    {"name": "Antarctica"},
    {"name": "Asia", "children": [
        {"name": "China", "children": [
            {"name": "Beijing", "children": [
                {"name": "Dongcheng", "children": [{"name": "Jingshan"}, {"name": "Wangfujing"}]},
                {"name": "Haidian"}]},
            {"name": "Shanghai"}]},
        {"name": "Japan", "children": [{"name": "Tokyo"}, {"name": "Osaka"}]}]},
    {"name": "Europe", "children": [{"name": "France", "children": [{"name": "Paris"}]}, {"name": "Spain"}]},
]


def big_tree():
    """200,200 nodes: a leaf, then 200 regions of 10 countries of 99 cities each."""
    return [{"name": "Start"}] + [
        {"name": f"Region {r}", "children": [
            {"name": f"Country {r}.{c}", "children": [{"name": f"City {r}.{c}.{t}"} for t in range(99)]}
            for c in range(10)]}
        for r in range(200)]


@pytest.fixture(scope="module")
def outline_server():
    flat = [{"name": f"Person {n}", "detail": f"Note {n}"} for n in range(60)]
    with server_with({"geo": GEO, "big": big_tree(), "flat": flat}) as running:
        yield running


SHOWN = """
return [...document.querySelectorAll('.layer .orow')].filter(e => !e.hidden)
  .sort((a, b) => a.dataset.y - b.dataset.y)
  .map(e => [e.querySelector('.t1').textContent, +e.getAttribute('aria-level'), e.getAttribute('aria-expanded')]);
"""


def shown(driver):
    """The drawn nodes in table order: [text, aria-level, aria-expanded]."""
    return driver.execute_script(SHOWN)


def names(driver):
    return [name for name, _, _ in shown(driver)]


def node(driver, name):
    return driver.find_element(By.XPATH, f"//div[contains(@class,'orow')][not(@hidden)][.//div[@class='t1'][.='{name}']]")


def open_outline(driver, server, query=""):
    driver.get(f"{server.url}/d/geo{query}")
    wait(driver, lambda d: shown(d), message="the outline shows no nodes")


def wait_names(driver, expected, message):
    wait(driver, lambda d: names(d) == expected, message=f"{message}: {names(driver)}")


active = lambda d: d.switch_to.active_element


def press(driver, *keys):
    ActionChains(driver).send_keys(*keys).perform()


def test_the_page_of_an_outline_paints_its_nodes_first(outline_server):
    html = urllib.request.urlopen(f"{outline_server.url}/d/geo?expanded=1-2").read().decode()
    assert 'class="spacer" role="treegrid"' in html
    assert 'data-role="outline"' in html and 'data-role="window"' not in html
    for name in ("Asia", "China", "Beijing", "Shanghai", "Japan"):
        assert f">{name}<" in html, f"{name} is not in the first paint"
    assert ">Tokyo<" not in html, "Japan is collapsed"


def test_triangles_expand_and_collapse_at_every_depth(browser, outline_server):
    open_outline(browser, outline_server)
    assert shown(browser) == [["Antarctica", 1, None], ["Asia", 1, "false"], ["Europe", 1, "false"]]
    browser.execute_script("arguments[0].querySelector('.disclosure').kept = true", node(browser, "Asia"))
    node(browser, "Asia").find_element(By.CSS_SELECTOR, ".disclosure").click()
    wait_names(browser, ["Antarctica", "Asia", "China", "Japan", "Europe"], "Asia did not open")
    assert node(browser, "Asia").get_attribute("aria-expanded") == "true"
    # The window leaves the turning triangle be (a new one would stop its turn half-way).
    assert browser.execute_script("return arguments[0].querySelector('.disclosure').kept", node(browser, "Asia"))
    assert node(browser, "Asia").find_element(By.CSS_SELECTOR, ".disclosure").get_attribute("aria-label") == "Collapse"
    for name in ("China", "Beijing", "Dongcheng"):
        node(browser, name).find_element(By.CSS_SELECTOR, ".disclosure").click()
        wait(browser, lambda d: node(d, name).get_attribute("aria-expanded") == "true", message=f"{name} did not open")
    wait_names(browser, ["Antarctica", "Asia", "China", "Beijing", "Dongcheng", "Jingshan", "Wangfujing", "Haidian",
                         "Shanghai", "Japan", "Europe"], "the nodes did not open down to level 5")
    assert [level for name, level, _ in shown(browser) if name in ("Asia", "China", "Beijing", "Dongcheng", "Jingshan")] \
        == [1, 2, 3, 4, 5]
    assert "expanded=1-4" in browser.current_url.replace("%2C", ",")
    # The triangle points right, and down when open (turned 90°).
    turn = "return getComputedStyle(arguments[0].querySelector('.disclosure'), ':before').transform"
    animations_done(browser)
    wait(browser, lambda d: d.execute_script(turn, node(d, "Japan")) != d.execute_script(turn, node(d, "China")),
         message="an open triangle is not turned")
    # Collapsing Beijing hides its subtree; China stays open.
    node(browser, "Beijing").find_element(By.CSS_SELECTOR, ".disclosure").click()
    wait_names(browser, ["Antarctica", "Asia", "China", "Beijing", "Shanghai", "Japan", "Europe"], "Beijing did not close")
    node(browser, "Asia").find_element(By.CSS_SELECTOR, ".disclosure").click()
    wait_names(browser, ["Antarctica", "Asia", "Europe"], "Asia did not close")
    # A tap on the row elsewhere selects it and opens nothing.
    node(browser, "Europe").find_element(By.CSS_SELECTOR, ".t1").click()
    wait(browser, lambda d: node(d, "Europe").get_attribute("aria-selected") == "true", message="the tap did not select")
    assert node(browser, "Europe").get_attribute("aria-expanded") == "false"
    assert node(browser, "Asia").get_attribute("aria-selected") == "false"


HOLD_WINDOWS = """
const original = window.fetch;
window.held = [];
window.fetch = (url, options) => String(url).includes('/outline?')
  ? new Promise(resolve => window.held.push(() => resolve(original(url, options)))) : original(url, options);
"""


def test_the_drawn_rows_stay_until_the_window_comes(browser, outline_server):
    open_outline(browser, outline_server, "?expanded=1")
    before = names(browser)
    browser.execute_script(HOLD_WINDOWS)
    node(browser, "Asia").find_element(By.CSS_SELECTOR, ".disclosure").click()
    wait(browser, lambda d: d.execute_script("return window.held.length") == 1, message="no window was asked for")
    # The window is held: the triangle has turned, the rows are all still there.
    assert node(browser, "Asia").get_attribute("aria-expanded") == "false"
    assert names(browser) == before
    assert browser.execute_script(
        "return [...document.querySelectorAll('.layer .orow')].filter(e => !e.hidden).every(e => e.offsetHeight > 0)")
    browser.execute_script("window.held.forEach(release => release())")
    wait_names(browser, ["Antarctica", "Asia", "Europe"], "the window did not come")


def test_tree_grid_attributes_come_from_the_server(browser, outline_server):
    open_outline(browser, outline_server, "?expanded=1-2,12")
    grid = browser.find_element(By.CSS_SELECTOR, ".spacer")
    assert grid.get_attribute("role") == "treegrid"
    assert grid.get_attribute("aria-rowcount") == str(len(shown(browser))) == "9"
    facts = browser.execute_script("""
      return Object.fromEntries([...document.querySelectorAll('.layer .orow')].filter(e => !e.hidden).map(e =>
        [e.querySelector('.t1').textContent, ['aria-rowindex', 'aria-level', 'aria-posinset', 'aria-setsize',
          'aria-expanded'].map(name => e.getAttribute(name))]));""")
    assert facts["Asia"] == ["2", "1", "2", "3", "true"]
    assert facts["China"] == ["3", "2", "1", "2", "true"]
    assert facts["Shanghai"] == ["5", "3", "2", "2", None]
    assert facts["Europe"] == ["7", "1", "3", "3", "true"]
    assert facts["Spain"] == ["9", "2", "2", "2", None]
    # Once the script dressed the rows, each node is named by its own text (ids unique though nodes share a row).
    keys = wait(browser, lambda d: d.execute_script(
        "const ids = [...document.querySelectorAll('.layer .orow')].map(e => e.getAttribute('aria-labelledby'));"
        "return ids.every(id => id && document.getElementById(id)) && ids"), message="the nodes are not named")
    assert len(set(keys)) == len(keys), "nodes under one row share their labels' ids"


def test_keys_expand_collapse_and_move_through_the_tree(browser, outline_server):
    open_outline(browser, outline_server)
    browser.execute_script("arguments[0].focus()", node(browser, "Asia"))
    press(browser, Keys.ARROW_RIGHT)
    wait_names(browser, ["Antarctica", "Asia", "China", "Japan", "Europe"], "Right did not expand Asia")
    assert active(browser).text == "Asia", "the focus stays on the toggled row"
    press(browser, Keys.ARROW_RIGHT)
    wait(browser, lambda d: active(d).text == "China", message="Right on an open node did not go to its first child")
    press(browser, Keys.ARROW_RIGHT)
    wait(browser, lambda d: "Beijing" in names(d), message="Right did not expand China")
    press(browser, Keys.ARROW_RIGHT)
    wait(browser, lambda d: active(d).text == "Beijing", message="Right did not enter China")
    press(browser, Keys.ARROW_RIGHT)
    wait(browser, lambda d: "Dongcheng" in names(d), message="Right did not expand Beijing")
    press(browser, Keys.ARROW_DOWN)
    wait(browser, lambda d: active(d).text == "Dongcheng", message="Down did not move to the next node")
    press(browser, Keys.ARROW_LEFT)
    wait(browser, lambda d: active(d).text == "Beijing", message="Left on a collapsed node did not go to its parent")
    press(browser, Keys.ARROW_LEFT)
    wait(browser, lambda d: "Dongcheng" not in names(d), message="Left did not collapse Beijing")
    assert active(browser).text == "Beijing"
    press(browser, Keys.ARROW_LEFT)
    wait(browser, lambda d: active(d).text == "China", message="Left did not go up to China")
    press(browser, Keys.ARROW_UP)
    wait(browser, lambda d: active(d).text == "Asia", message="Up did not move to the previous node")
    # * opens every sibling of the focused node (Asia's: Europe; Antarctica has no children).
    press(browser, "*")
    wait(browser, lambda d: node(d, "Europe").get_attribute("aria-expanded") == "true", message="* did not expand Europe")
    wait(browser, lambda d: "France" in names(d), message="Europe's children did not come")
    assert active(browser).text == "Asia"


def test_home_and_end_reach_the_first_and_last_node_of_a_tree_that_fits(browser, outline_server):
    """On a tree short enough not to scroll, Home and End still move the focus to the first and the last node, as a
    tree grid's do (they moved it only when the list scrolled)."""
    open_outline(browser, outline_server)
    wait_names(browser, ["Antarctica", "Asia", "Europe"], "the tree is not collapsed")
    browser.execute_script("arguments[0].focus()", node(browser, "Asia"))
    press(browser, Keys.END)
    wait(browser, lambda d: active(d).text == "Europe", message="End did not reach the last node")
    press(browser, Keys.HOME)
    wait(browser, lambda d: active(d).text == "Antarctica", message="Home did not reach the first node")


def test_a_node_twenty_levels_down_stays_readable_at_360_px(browser):
    """Each level indented 20 px more with no end: at 360 px a node 12 levels down showed "Lev…" and one at 15 no
    text at all. The indent stops at 40 % of the row; names wrap."""
    chain = {"name": "Level 20 with a name long enough to wrap at a narrow width"}
    for depth in range(19, 0, -1):
        chain = {"name": f"Level {depth}", "children": [chain]}
    with server_with({"deep": [{"name": "Start"}, chain]}) as server:
        at_width(browser, 360)
        try:
            browser.get(f"{server.url}/d/deep?expanded=all")
            wait(browser, lambda d: len(shown(d)) == 21, message="the chain is not open")
            settled(browser)
            widths = browser.execute_script(
                "return [...document.querySelectorAll('.layer .orow:not([hidden]) .t1')].map(t => "
                "[t.textContent, t.getBoundingClientRect().width, t.scrollWidth <= t.clientWidth])")
            assert all(width >= 150 and whole for _, width, whole in widths), widths
            deepest = node(browser, "Level 20 with a name long enough to wrap at a narrow width")
            assert deepest.rect["height"] > 60, "a long name does not wrap"
        finally:
            at_width(browser, 480)


def test_a_node_is_named_by_its_text_not_by_its_triangle(browser, outline_server):
    open_outline(browser, outline_server, "?expanded=1")
    wait(browser, lambda d: "China" in names(d), message="Asia is not open")
    assert node(browser, "Asia").accessible_name == "Asia"
    assert node(browser, "Japan").accessible_name == "Japan"


def test_without_script_a_triangle_is_a_link_to_the_node_toggled(browser, outline_server):
    """Without script the triangles did nothing: each is now a link to the page with its node expanded or collapsed,
    from the node's top, as a group's header links to its group toggled."""
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.get(f"{outline_server.url}/d/geo?lang=zh-Hans")
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".orow"), message="no nodes without script")
        names_now = lambda d: [e.text.split("\n")[0] for e in d.find_elements(By.CSS_SELECTOR, ".orow .t1")]
        assert names_now(browser) == ["Antarctica", "Asia", "Europe"]
        node(browser, "Asia").find_element(By.CSS_SELECTOR, "a.disclosure").click()
        wait(browser, lambda d: "China" in names_now(d), message="the link did not expand Asia")
        assert "expanded=1" in browser.current_url and "lang=zh-Hans" in browser.current_url
        assert node(browser, "Asia").get_attribute("aria-expanded") == "true"
        node(browser, "China").find_element(By.CSS_SELECTOR, "a.disclosure").click()
        wait(browser, lambda d: "Beijing" in names_now(d), message="the link did not expand China")
        assert names_now(browser)[0] == "China", "the page does not start at the node toggled"
        node(browser, "China").find_element(By.CSS_SELECTOR, "a.disclosure").click()
        wait(browser, lambda d: "Beijing" not in names_now(d), message="the link did not collapse China")
        assert "expanded=1&" in browser.current_url, browser.current_url
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_reload_and_back_keep_what_is_expanded(browser, outline_server):
    open_outline(browser, outline_server)
    for name in ("Asia", "Japan"):
        node(browser, name).find_element(By.CSS_SELECTOR, ".disclosure").click()
        wait(browser, lambda d: node(d, name).get_attribute("aria-expanded") == "true", message=f"{name} did not open")
    expected = ["Antarctica", "Asia", "China", "Japan", "Tokyo", "Osaka", "Europe"]
    wait_names(browser, expected, "Japan did not open")
    settled(browser)
    browser.refresh()
    wait_names(browser, expected, "the reload lost the expanded nodes")
    browser.get(f"{outline_server.url}/")
    wait(browser, lambda d: "/d/" not in d.current_url)
    browser.back()
    wait_names(browser, expected, "Back lost the expanded nodes")
    assert node(browser, "Japan").get_attribute("aria-expanded") == "true"


def test_a_search_opens_the_matches_ancestors_and_clearing_it_brings_the_outline_back(browser, outline_server):
    """A search finds nodes at any depth: the outline shows them with their ancestors expanded, each match marked;
    the nodes still open and close; clearing the search gives back the outline as it was."""
    open_outline(browser, outline_server, "?expanded=1")
    wait_names(browser, ["Antarctica", "Asia", "China", "Japan", "Europe"], "Asia is not open")
    field = browser.find_element(By.CSS_SELECTOR, "#q")
    field.send_keys("jingshan")
    wait_names(browser, ["Antarctica", "Asia", "China", "Beijing", "Dongcheng", "Jingshan", "Wangfujing", "Haidian",
                         "Shanghai", "Japan", "Europe"], "the search did not open Jingshan's ancestors")
    assert [m.text for m in browser.find_elements(By.CSS_SELECTOR, ".orow:not([hidden]) mark")] == ["Jingshan"]
    assert [level for name, level, _ in shown(browser) if name == "Jingshan"] == [5]
    assert "expanded=" not in browser.current_url and "q=jingshan" in browser.current_url
    node(browser, "Japan").find_element(By.CSS_SELECTOR, ".disclosure").click()
    wait(browser, lambda d: "Tokyo" in names(d) and "Jingshan" in names(d), message="a node does not open in a search")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACK_SPACE)
    wait_names(browser, ["Antarctica", "Asia", "China", "Japan", "Europe"], "the outline did not come back")
    assert not browser.find_elements(By.CSS_SELECTOR, ".orow:not([hidden]) mark")
    field.send_keys("zzz")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#empty").is_displayed(), message="nothing found said nothing")
    assert "zzz" in browser.find_element(By.CSS_SELECTOR, "#empty").text and not names(browser)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACK_SPACE)
    wait_names(browser, ["Antarctica", "Asia", "China", "Japan", "Europe"], "the outline did not come back")
    node(browser, "Japan").find_element(By.CSS_SELECTOR, ".disclosure").click()
    wait(browser, lambda d: "Tokyo" in names(d), message="the outline does not work after the search")


def test_star_expands_siblings_far_from_the_drawn_rows(browser, outline_server):
    browser.get(f"{outline_server.url}/d/big")
    wait(browser, lambda d: shown(d), message="the big outline shows no nodes")
    assert browser.find_element(By.CSS_SELECTOR, ".spacer").get_attribute("aria-rowcount") == "201"
    browser.execute_script("arguments[0].focus()", node(browser, "Region 0"))
    press(browser, "*")
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".spacer").get_attribute("aria-rowcount") == "2201",
         message="* did not expand the 200 regions")
    assert active(browser).text == "Region 0"
    query = browser.current_url.split("expanded=")[1].split("&")[0].replace("%2C", ",")
    assert query.split(",") == [str(1 + region * 1001) for region in range(200)]
    press(browser, Keys.END)
    wait(browser, lambda d: "Country 199.9" in names(d), timeout=20, message="the last region is not open")
    assert node(browser, "Region 199").get_attribute("aria-expanded") == "true"
    assert node(browser, "Country 199.9").get_attribute("aria-expanded") == "false"


def test_a_tree_of_200000_nodes_stays_virtualized_to_its_end(browser, outline_server):
    browser.get(f"{outline_server.url}/d/big?expanded=all")
    wait(browser, lambda d: shown(d), message="the big outline shows no nodes")
    assert browser.find_element(By.CSS_SELECTOR, ".spacer").get_attribute("aria-rowcount") == "200201"
    browser.execute_script("arguments[0].focus()", node(browser, "Start"))
    press(browser, Keys.END)
    wait(browser, lambda d: "City 199.9.98" in names(d), timeout=20, message="End did not reach the last node")
    settled(browser)
    last = node(browser, "City 199.9.98")
    assert last.get_attribute("aria-rowindex") == "200201" and last.get_attribute("aria-level") == "3"
    assert browser.execute_script("return document.querySelectorAll('.row').length") < 250
    # Left goes to the parent however far above it is (100 rows, then 1,000).
    wait(browser, lambda d: active(d).text == "City 199.9.98", message="the focus did not follow End")
    press(browser, Keys.ARROW_LEFT)
    wait(browser, lambda d: active(d).text == "Country 199.9", timeout=20, message="Left did not reach the parent")
    press(browser, Keys.ARROW_LEFT)
    wait(browser, lambda d: "City 199.9.0" not in names(d), message="Left did not collapse Country 199.9")
    press(browser, Keys.ARROW_LEFT)
    wait(browser, lambda d: active(d).text == "Region 199", timeout=20, message="Left did not reach the grandparent")
    assert active(browser).get_attribute("aria-level") == "1"
    assert browser.execute_script("return document.querySelectorAll('.row').length") < 250
    # Collapsing one node of `all` keeps the URL compact.
    press(browser, Keys.HOME)
    wait(browser, lambda d: "Region 0" in names(d), timeout=20, message="Home did not come back to the first nodes")
    assert scroll_at_rest(browser) == 0
    settled(browser)
    node(browser, "Region 0").find_element(By.CSS_SELECTOR, ".disclosure").click()
    wait(browser, lambda d: "Country 0.0" not in names(d), message="Region 0 did not close")
    query = browser.current_url.split("expanded=")[1].split("&")[0].replace("%2C", ",")
    assert query == "0,2-200100,200102-200200", query
    assert browser.execute_script("return document.querySelectorAll('.row').length") < 250


def test_other_datasets_show_rows_as_before(browser, outline_server):
    html = urllib.request.urlopen(f"{outline_server.url}/d/flat").read().decode()
    assert 'data-role="window"' in html and 'data-role="outline"' not in html
    browser.get(f"{outline_server.url}/d/flat")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".layer [data-row-id]"), message="flat shows no rows")
    assert browser.find_elements(By.CSS_SELECTOR, ".layer .orow") == []
    assert browser.find_element(By.CSS_SELECTOR, ".spacer").get_attribute("role") == "grid"
    requests = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert not any("/outline?" in name for name in requests)
    meta = json.load(urllib.request.urlopen(f"{outline_server.url}/api/datasets/friends"))
    assert meta["sectionCount"] > 1
    html = urllib.request.urlopen(f"{outline_server.url}/d/friends").read().decode()
    assert 'data-role="window"' in html and 'data-role="outline"' not in html


@pytest.mark.parametrize("width", [360, 1280])
def test_screenshot_of_an_outline(browser, outline_server, width):
    at_width(browser, width)
    open_outline(browser, outline_server, "?expanded=1-4,12")
    animations_done(browser)
    indents = browser.execute_script("""
      return Object.fromEntries(['Asia', 'China', 'Beijing', 'Dongcheng'].map(name => {
        const row = [...document.querySelectorAll('.layer .orow')].find(e => e.querySelector('.t1').textContent === name);
        return [name, row.querySelector('.t1').getBoundingClientRect().left];
      }));""")
    steps = [indents["China"] - indents["Asia"], indents["Beijing"] - indents["China"], indents["Dongcheng"] - indents["Beijing"]]
    assert all(16 <= step <= 20 for step in steps), steps
    screenshot(browser, f"outline-{width}")


def test_an_open_outline_has_no_serious_accessibility_violation(browser, outline_server):
    """axe as test_accessibility runs it (WAI-ARIA 1.2's rules for a tree grid's rows)."""
    open_outline(browser, outline_server, "?expanded=1-4,12")
    settled(browser)
    assert axe_violations(browser) == []
