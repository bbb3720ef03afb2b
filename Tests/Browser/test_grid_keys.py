"""Keys on the grid as on any page and in a UITableView: Space and Shift+Space scroll a page from a focused row
(in Manage mode Space checks the row instead); Delete on a focused row with nothing selected reveals its Delete
as the red minus does, Enter then deletes it, Escape closes it and gives the focus back to the row; the grid
shows a focus ring when Tab reaches it."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import Server, animations_done, open_table, rows, screen_pixels, scroll_at_rest, scroll_top, wait

active = lambda d: d.switch_to.active_element


def press(driver, *keys):
    ActionChains(driver).send_keys(*keys).perform()


def test_space_and_shift_space_scroll_a_page_and_select_nothing(browser, server):
    open_table(browser, server, "heroes")
    row = rows(browser)[0]
    browser.execute_script("arguments[0].focus()", row)
    height = browser.execute_script("return document.querySelector('[data-role=scroller]').clientHeight")
    press(browser, Keys.SPACE)
    wait(browser, lambda d: scroll_top(d) >= height * 0.6, message="Space did not scroll a page")
    assert row.get_attribute("aria-selected") != "true", "Space selected the row"
    assert not browser.find_elements("css selector", "[role=row][aria-selected=true]")
    down = scroll_at_rest(browser)
    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.SPACE).key_up(Keys.SHIFT).perform()
    wait(browser, lambda d: scroll_top(d) <= down - height * 0.6, message="Shift+Space did not scroll a page up")


def test_space_before_anything_has_the_focus_scrolls_a_page_and_after_page_down_too(browser, server):
    open_table(browser, server, "heroes")
    assert browser.execute_script("return document.activeElement === document.body")
    height = browser.execute_script("return document.querySelector('[data-role=scroller]').clientHeight")
    press(browser, Keys.SPACE)
    wait(browser, lambda d: scroll_top(d) >= height * 0.6, message="Space with nothing focused did not scroll a page")
    first = scroll_at_rest(browser)
    press(browser, Keys.PAGE_DOWN)
    wait(browser, lambda d: scroll_top(d) >= first + height * 0.6, message="PageDown did not scroll a page")
    second = scroll_at_rest(browser)
    press(browser, Keys.SPACE)
    wait(browser, lambda d: scroll_top(d) >= second + height * 0.6, message="Space after PageDown did not scroll a page")
    assert not browser.find_elements("css selector", "[role=row][aria-selected=true]"), "Space selected a row"


def test_space_checks_a_row_in_manage_mode(browser, server):
    open_table(browser, server, "messages")
    browser.find_element("css selector", "[data-action=edit]").click()
    wait(browser, lambda d: d.find_elements("css selector", ".editing"))
    row = rows(browser)[1]
    browser.execute_script("arguments[0].focus()", row)
    press(browser, Keys.SPACE)
    wait(browser, lambda d: row.get_attribute("aria-selected") == "true", message="Space did not check the row in Manage mode")
    browser.find_element("css selector", "[data-action=done]").click()


def test_delete_on_a_focused_row_reveals_its_delete_and_enter_deletes_it(browser):
    own = Server()  # its own data: the row is deleted for good
    try:
        open_table(browser, own, "heroes")
        row = rows(browser)[2]
        row_id = row.get_attribute("data-row-id")
        browser.execute_script("arguments[0].focus()", row)
        press(browser, Keys.DELETE)
        wait(browser, lambda d: row.get_attribute("data-open") == "t", message="Delete did not reveal the row's Delete")
        assert active(browser).get_attribute("data-action") == "delete", active(browser).get_attribute("outerHTML")[:120]
        press(browser, Keys.ESCAPE)
        wait(browser, lambda d: row.get_attribute("data-open") is None)
        assert active(browser).get_attribute("data-row-id") == row_id, "Escape did not give the focus back to the row"
        press(browser, Keys.BACKSPACE)
        wait(browser, lambda d: active(d).get_attribute("data-action") == "delete")
        press(browser, Keys.ENTER)
        wait(browser, lambda d: not d.find_elements("css selector", f"[data-row-id='{row_id}']"), message="Enter did not delete it")
    finally:
        own.stop()


def tab_to_the_grid(browser, server):
    """Opens the apps and presses Tab from the search field until the grid has the focus."""
    open_table(browser, server, "apps")
    browser.find_element("css selector", "[data-role=search]").click()
    for _ in range(4):
        press(browser, Keys.TAB)
        if active(browser).get_attribute("data-role") == "scroller":
            break
    assert active(browser).get_attribute("data-role") == "scroller", "Tab from the search field did not reach the grid"


RING_POINTS = """
const box = document.querySelector('[data-role=scroller]').getBoundingClientRect(), middle = (box.top + box.bottom) / 2;
const tint = getComputedStyle(document.querySelector('[data-role=scroller]')).getPropertyValue('--tint').trim();
return [tint, devicePixelRatio, [[box.left + 0.5, middle], [box.right - 1.5, middle], [(box.left + box.right) / 2, box.bottom - 1.5]]];
"""


def test_the_grid_shows_a_focus_ring_when_tab_reaches_it(browser, server):
    """On screen, not only in its style: the rows drawn over the grid once hid its outline."""
    tab_to_the_grid(browser, server)
    tint, ratio, points = browser.execute_script(RING_POINTS)
    rgb = tuple(int(tint.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    pixels = screen_pixels(browser)
    seen = [pixels(x * ratio, y * ratio) for x, y in points]
    assert all(sum(abs(a - b) for a, b in zip(pixel, rgb)) < 60 for pixel in seen), \
        f"no focus ring of {tint} at the grid's edges: {seen}"


def test_a_row_focused_from_the_keyboard_shows_its_ring_on_screen(browser, server):
    tab_to_the_grid(browser, server)
    press(browser, Keys.ARROW_DOWN)
    row = wait(browser, lambda d: active(d) if active(d).get_attribute("data-row-id") else None,
               message="ArrowDown did not focus a row")
    animations_done(browser)
    box = browser.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.left, b.top, b.height]", row)
    pixel = screen_pixels(browser)
    ring = [pixel(box[0] + 1, box[1] + box[2] / 2), pixel(box[0] + 40, box[1] + 1)]
    tint = (0x00, 0x62, 0xcc)
    assert all(max(abs(a - b) for a, b in zip(seen, tint)) < 40 for seen in ring), f"no ring on screen: {ring}"


UNDER_THE_HEADER = """
const scroller = document.querySelector('[data-role=scroller]'), box = scroller.getBoundingClientRect();
const pinned = document.querySelector('.layer > .pinned:not([data-role=placeholder])');
const top = document.elementsFromPoint(box.left + scroller.clientWidth / 2, box.top + 3)
  .find(e => scroller.contains(e))?.closest('.layer > *');
const focused = document.activeElement.getBoundingClientRect();
return [!!pinned && top === pinned, pinned ? pinned.getBoundingClientRect().bottom - box.top : null, focused.top - box.top,
        focused.bottom - box.top, scroller.clientHeight, document.activeElement.dataset.cell === 'header'];
"""


def test_a_row_focused_by_page_down_shows_below_its_pinned_header(browser):
    """Open groups: PageDown and ArrowDown focus a row; the group's header stays pinned on top of the list, over any
    row, and the focused row is below it (it once sat over the header, which said no more which group it was in)."""
    groups = [{"name": f"Group {g}", "online": 1, "friends": [
        {"name": f"Friend {g}-{i}", "icon": "friend-01", "intro": "Hi", "vip": False} for i in range(40)]}
        for g in range(50)]
    from conftest import server_with, at_width
    with server_with({"groups": groups}) as running:
        for width in (360, 1280):
            at_width(browser, width)
            open_table(browser, running, "groups", "?expanded=all")
            browser.execute_script("const s = document.querySelector('[data-role=scroller]');"
                                   "s.scrollTop = (s.scrollHeight - s.clientHeight) / 4")
            scroll_at_rest(browser)
            browser.execute_script("document.querySelector('[data-role=scroller]').focus()")
            # Down to the last row in view, then a page down (the row stays in view, under the header, unless the
            # focus moves on) and a page up (it stays in view below the bottom's edge unless the focus moves on).
            keys = [Keys.ARROW_DOWN, Keys.PAGE_DOWN, Keys.ARROW_DOWN] + [Keys.ARROW_DOWN] * 14 + [Keys.PAGE_DOWN, Keys.PAGE_UP]
            for key in keys:
                press(browser, key)
                wait(browser, lambda d: active(d).get_attribute("role") == "row", message=f"{key!r} focused no row")
                scroll_at_rest(browser)
                animations_done(browser)
                header_on_top, header_bottom, row_top, row_bottom, view, is_header = browser.execute_script(UNDER_THE_HEADER)
                # A header the arrows reach is focused where it is, pinned on top or lower down.
                assert header_on_top and (is_header or row_top >= header_bottom - 1) and row_bottom <= view + 1, \
                    (width, key, header_on_top, header_bottom, row_top, row_bottom, view)
        at_width(browser, 480)
