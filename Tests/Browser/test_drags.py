"""Drags that hold the pointer down over rows, as UITableView's: a row moved by its grip scrolls the list when held
near the top or bottom edge (faster the deeper into the edge's zone) and lands where it was shown, then looks as any
row does; in Manage mode a drag across the selection circles selects the run of rows it passes (deselects it when it
began on a selected row), as iOS 13's two-finger pan does."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import animations_done, api_window, open_table, row_by_id, rows, scroll_at_rest, scroll_top, server_with, wait

CHORES = 300


@pytest.fixture(scope="module")
def drag_server():
    files = {
        "chores": [{"title": "Home", "rows": [{"title": f"Chore {i}"} for i in range(CHORES)]}],
        "short": [{"title": "Home", "rows": [{"title": f"Chore {i}"} for i in range(8)]}],
        "rooms": [{"title": "Home", "rows": [{"title": f"Home {i}"} for i in range(3)]},
                  {"title": "Work", "rows": [{"title": f"Work {i}"} for i in range(3)]}],
        "mail": [{"send_time": 1_576_139_886 + i * 60, "title": f"Message {i}", "content": f"Body of message {i}",
                  "read": True} for i in range(200)],
    }
    with server_with(files) as running:
        yield running


def ids(server, dataset):
    return [row["id"] for row in api_window(server, dataset)["rows"]]


def scroller(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-role=scroller]")


def edit(driver, server, dataset):
    open_table(driver, server, dataset)
    driver.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".editing"))
    animations_done(driver)


def grab(driver, row):
    """Presses the row's grip and lifts the row a little; returns the pointer's client y."""
    grip = row.find_element(By.CSS_SELECTOR, "[data-action=move]")
    ActionChains(driver).move_to_element(grip).click_and_hold().move_by_offset(0, 8).perform()
    wait(driver, lambda d: "drag" in row.get_attribute("class").split(), message="the row did not lift")
    return grip.rect["y"] + grip.rect["height"] // 2 + 8


def move_to(driver, from_y, to_y):
    """Moves the held pointer from client y `from_y` to `to_y`; returns `to_y`."""
    ActionChains(driver).move_by_offset(0, int(to_y - from_y)).perform()
    return int(to_y - from_y) + from_y


def rate(driver, distance):
    """The scroll speed (px/s, signed) while held: the time the scroller takes for `distance` more pixels."""
    clock = "return [performance.now(), document.querySelector('[data-role=scroller]').scrollTop]"
    start_time, start_top = driver.execute_script(clock)
    wait(driver, lambda d: abs(scroll_top(d) - start_top) >= distance, message="the list did not scroll")
    end_time, end_top = driver.execute_script(clock)
    return (end_top - start_top) * 1000 / (end_time - start_time)


def row_above(driver, dragged):
    """The row drawn right above the dragged row (with the room the others made), by id."""
    return driver.execute_script("""
        const dragged = arguments[0], top = dragged.getBoundingClientRect().top + dragged.offsetHeight / 2;
        const others = [...document.querySelectorAll('[data-row-id]')].filter(e => e !== dragged && !e.hidden)
          .map(e => [e.getBoundingClientRect(), +e.dataset.rowId]).filter(([box]) => box.top + box.height / 2 < top);
        others.sort((a, b) => b[0].top - a[0].top);
        return others[0][1];""", dragged)


def looks_like_any_row(driver, row, other):
    animations_done(driver)
    assert "drag" not in row.get_attribute("class").split()
    assert "down" not in row.get_attribute("class").split()
    assert row.get_attribute("aria-selected") == "false", "the dropped row was selected"
    style = "const s = getComputedStyle(arguments[0].querySelector('.rc')); return [s.backgroundColor, getComputedStyle(arguments[0]).boxShadow]"
    assert driver.execute_script(style, row) == driver.execute_script(style, other), "the dropped row looks lifted or grey"


def rest_in_the_middle(driver, y, box, row):
    """Brings the held row from client y `y` to the scroller's middle, waits for the list to rest and returns the
    row drawn above it."""
    move_to(driver, y, box["y"] + box["height"] / 2)
    scroll_at_rest(driver, polls=4)
    animations_done(driver)
    return row_above(driver, row)


def landed(driver, server, before):
    """The chores' ids once the drop has moved a row."""
    wait(driver, lambda d: ids(server, "chores") != before, message="the drop moved nothing")
    return ids(server, "chores")


def test_a_row_held_at_the_bottom_edge_scrolls_farther_than_a_screen_and_lands_where_shown(browser, drag_server):
    edit(browser, drag_server, "chores")
    before = ids(drag_server, "chores")
    row = row_by_id(browser, before[1])
    box = scroller(browser).rect
    y = grab(browser, row)
    try:
        # Into the bottom edge's zone: the list scrolls down under the row, faster the deeper.
        y = move_to(browser, y, box["y"] + box["height"] - 48)
        shallow = rate(browser, 150)
        y = move_to(browser, y, box["y"] + box["height"] - 4)
        deep = rate(browser, 300)
        assert shallow > 0 and deep > 2 * shallow, f"held deeper it did not scroll faster ({shallow:.0f}, {deep:.0f} px/s)"
        print(f"\nauto-scroll: {shallow:.0f} px/s 16 px into the edge's zone, {deep:.0f} px/s at the edge")
        wait(browser, lambda d: scroll_top(d) > 2 * box["height"], message="the list did not scroll two screens")
        shown_after = rest_in_the_middle(browser, y, box, row)
    finally:
        ActionChains(browser).release().perform()
    after = landed(browser, drag_server, before)
    at = after.index(before[1])
    assert after[at - 1] == shown_after, "the row did not land where it was shown"
    assert at > 2 * box["height"] / 44, f"the row moved only to row {at}"
    assert sorted(after) == sorted(before)
    wait(browser, lambda d: row_by_id(d, before[1]) is not None and row_by_id(d, before[1]).is_displayed())
    looks_like_any_row(browser, row_by_id(browser, before[1]), row_by_id(browser, after[at - 1]))


def screen_top(driver, row_id):
    return driver.execute_script(
        "return document.querySelector(`[data-row-id='${arguments[0]}']`).getBoundingClientRect().top", row_id)


def test_a_row_dropped_far_from_its_old_place_stays_where_it_was_let_go(browser, drag_server):
    """Its old place scrolled away above the screen while the rows under it made room: once the move is saved, the
    row and its neighbours stay on screen where the drop left them (the list once jumped a row down)."""
    edit(browser, drag_server, "chores")
    before = ids(drag_server, "chores")
    row = row_by_id(browser, before[2])
    box = scroller(browser).rect
    y = grab(browser, row)
    try:
        y = move_to(browser, y, box["y"] + box["height"] - 8)
        wait(browser, lambda d: scroll_top(d) > 2 * box["height"], message="the list did not scroll two screens")
        above = rest_in_the_middle(browser, y, box, row)
        let_go = screen_top(browser, before[2]), screen_top(browser, above)
    finally:
        ActionChains(browser).release().perform()
    after = landed(browser, drag_server, before)
    assert after[after.index(before[2]) - 1] == above
    scroll_at_rest(browser, polls=4)
    animations_done(browser)
    settled = screen_top(browser, before[2]), screen_top(browser, above)
    height = row.rect["height"]
    print(f"\ndropped row at {let_go[0]:.0f} px when let go, {settled[0]:.0f} px once saved; "
          f"the row above it at {let_go[1]:.0f}, then {settled[1]:.0f} px")
    # The row above stays; the dropped row slides into the place under it, less than half a row from the pointer.
    assert abs(settled[1] - let_go[1]) <= 2, (let_go, settled)
    assert abs(settled[0] - (settled[1] + height)) <= 2 and abs(settled[0] - let_go[0]) < height / 2, (let_go, settled)


def test_a_row_held_at_the_top_edge_scrolls_up_and_lands_where_shown(browser, drag_server):
    edit(browser, drag_server, "chores")
    before = ids(drag_server, "chores")
    browser.execute_script("arguments[0].scrollTop = 6000", scroller(browser))
    wait(browser, lambda d: len([r for r in rows(d) if 5000 < int(r.get_attribute("data-y")) < 6300]) > 4)
    animations_done(browser)
    box = scroller(browser).rect
    row = next(r for r in rows(browser) if r.rect["y"] > box["y"] + box["height"] / 2)
    moved = int(row.get_attribute("data-row-id"))
    y = grab(browser, row)
    try:
        y = move_to(browser, y, box["y"] + 4)
        assert rate(browser, 300) < 0, "held at the top edge, the list did not scroll up"
        wait(browser, lambda d: scroll_top(d) < 6000 - 2 * box["height"], message="the list did not scroll two screens up")
        shown_after = rest_in_the_middle(browser, y, box, row)
    finally:
        ActionChains(browser).release().perform()
    after = landed(browser, drag_server, before)
    assert after[after.index(moved) - 1] == shown_after, "the row did not land where it was shown"
    assert before.index(moved) - after.index(moved) > 2 * box["height"] / 44


def drag(driver, row, distance):
    """Drags `row` by its grip `distance` px down (up when negative) and drops it, in one motion."""
    grip = row.find_element(By.CSS_SELECTOR, "[data-action=move]")
    ActionChains(driver).move_to_element(grip).click_and_hold().move_by_offset(0, 8) \
        .move_by_offset(0, int(distance) - 8).release().perform()


def test_a_row_taken_into_another_section_passes_its_header_which_makes_room_and_lands_where_shown(
        browser, drag_server):
    edit(browser, drag_server, "rooms")
    window = api_window(drag_server, "rooms")["rows"]
    moved = next(r["id"] for r in window if r["section"] == 0 and r["row"] == 0)
    work = [r["id"] for r in window if r["section"] == 1]
    row = row_by_id(browser, moved)
    header = browser.find_element(By.XPATH, "//*[@data-cell='header'][contains(., 'Work')]")
    first, second = row_by_id(browser, work[0]), row_by_id(browser, work[1])
    y = grab(browser, row)
    try:
        # The dragged row's middle over the lower part of Work's first row: it passes Home's rows, Work's header
        # and that row, not the next.
        y = move_to(browser, y, second.rect["y"] - second.rect["height"] * 0.25)
        translate = lambda element: browser.execute_script("return getComputedStyle(arguments[0]).translate", element)
        wait(browser, lambda d: translate(header).startswith("0px -"), message="the passed header did not make room")
        animations_done(browser)
        shown_after = row_above(browser, row)
        assert first.rect["y"] >= header.rect["y"] + header.rect["height"] - 1, "a row is drawn over Work's header"
    finally:
        ActionChains(browser).release().perform()
    assert shown_after == work[0], "the row above the dragged one is not the first of Work"
    wait(browser, lambda d: [r["id"] for r in api_window(drag_server, "rooms")["rows"] if r["section"] == 1][:2]
         == [work[0], moved], message="the row did not land in Work after its first row")


def test_a_dropped_row_is_not_left_grey_or_lifted(browser, drag_server):
    edit(browser, drag_server, "short")
    before = ids(drag_server, "short")
    # A drop that moves the row one place down.
    first, second = row_by_id(browser, before[0]), row_by_id(browser, before[1])
    drag(browser, first, second.rect["height"] * 1.2)
    moved = [before[1], before[0], *before[2:]]
    wait(browser, lambda d: ids(drag_server, "short") == moved, message="the drag did not move the row")
    looks_like_any_row(browser, row_by_id(browser, before[0]), row_by_id(browser, before[2]))

    # A drop where it was: nothing changes.
    row = row_by_id(browser, before[0])
    drag(browser, row, 12)
    looks_like_any_row(browser, row, row_by_id(browser, before[2]))
    assert ids(drag_server, "short") == moved

    # A drop the server refuses (the page's requests to it answered with a problem).
    browser.execute_script("""
        const real = window.fetch;
        window.fetch = (url, options) => String(url).endsWith('/batch')
          ? Promise.resolve(new Response(JSON.stringify({title: 'Bad Request', detail: 'refused'}),
              {status: 400, headers: {'content-type': 'application/problem+json'}}))
          : real(url, options);""")
    row, neighbour = row_by_id(browser, before[2]), row_by_id(browser, before[3])
    drag(browser, row, neighbour.rect["height"] * 1.2)
    wait(browser, lambda d: d.find_element(By.ID, "note").text == "Not moved: the list could not take this change.",
         message="the refused drop said nothing, or the server's words")
    animations_done(browser)
    assert ids(drag_server, "short") == moved
    assert rows(browser)[2] == row, "the refused row did not go back to its place"
    looks_like_any_row(browser, row, row_by_id(browser, before[4]))


def manage(driver, server, dataset):
    open_table(driver, server, dataset)
    driver.find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-action=select-all]").is_displayed())
    animations_done(driver)


def circle(row):
    return row.find_element(By.CSS_SELECTOR, ".check")


def sweep(driver, rows_passed):
    """Presses the first row's selection circle and moves over the circles of the others, in order; releases."""
    chain = ActionChains(driver).move_to_element(circle(rows_passed[0])).click_and_hold()
    for row in rows_passed[1:]:
        chain = chain.move_to_element(circle(row))
    chain.release().perform()


def selected(driver):
    """The drawn rows, in order, as whether each is selected."""
    return [r.get_attribute("aria-selected") == "true" for r in rows(driver)]


def count(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-role=selected-count]").text


def test_a_drag_across_the_selection_circles_selects_the_rows_it_passes_and_gives_back_those_it_leaves(browser, drag_server):
    manage(browser, drag_server, "mail")
    drawn = rows(browser)
    sweep(browser, drawn[1:6])
    wait(browser, lambda d: selected(d)[:8] == [False, True, True, True, True, True, False, False],
         message="the drag down did not select the rows it passed")
    assert count(browser) == "5 selected"
    # Down and back up: the rows it left are as they were.
    sweep(browser, [drawn[8], drawn[9], drawn[10], drawn[11], drawn[12], drawn[11], drawn[10]])
    wait(browser, lambda d: selected(d)[6:14] == [False, False, True, True, True, False, False, False],
         message="going back did not give the rows it left their state")
    assert count(browser) == "8 selected"
    # Up from a selected row: the run is deselected; the rows that were not selected stay so.
    sweep(browser, [drawn[9], drawn[8], drawn[7], drawn[6], drawn[5], drawn[4]])
    wait(browser, lambda d: selected(d)[:14] == [False, True, True, True] + [False] * 6 + [True, False, False, False],
         message="the drag up from a selected row did not deselect the run")
    assert count(browser) == "4 selected"
    # A plain click on a circle still picks one row, and a drag out of it and back is no click.
    circle(drawn[0]).click()
    wait(browser, lambda d: selected(d)[0] is True)
    assert count(browser) == "5 selected"


HELD_WINDOWS = """
    const real = window.fetch, held = [];
    window.fetch = (url, options) => String(url).includes('/fragment')
      ? new Promise(go => held.push(go)).then(() => real(url, options)) : real(url, options);
    window.letWindowsThrough = () => {
      window.fetch = real;
      held.splice(0).forEach(go => go());
    };
    window.seen = new Set(); // the rows ever drawn, by index
    (function look() {
      for (const row of document.querySelectorAll('[data-row-id]:not([hidden])')) seen.add(+row.dataset.row);
      requestAnimationFrame(look);
    })();"""


def test_a_drag_across_the_circles_held_at_the_bottom_edge_selects_rows_never_drawn_on_the_way(browser, drag_server):
    manage(browser, drag_server, "mail")
    # Windows wait until the drag has scrolled, so it passes rows that are never drawn.
    browser.execute_script(HELD_WINDOWS)
    box = scroller(browser).rect
    first = rows(browser)[1]
    start = int(first.get_attribute("data-row"))
    target = circle(first)
    x, y = target.rect["x"] + target.rect["width"] / 2, target.rect["y"] + target.rect["height"] // 2 + 30
    ActionChains(browser).move_to_element(target).click_and_hold().move_by_offset(0, 30).perform()
    try:
        y = move_to(browser, y, box["y"] + box["height"] - 4)
        wait(browser, lambda d: scroll_top(d) > 6 * box["height"], message="the list did not scroll under the drag")
        y = move_to(browser, y, box["y"] + box["height"] / 2)
        scroll_at_rest(browser, polls=4)
        browser.execute_script("letWindowsThrough()")
        under = wait(browser, lambda d: d.execute_script(
            "return document.elementFromPoint(arguments[0], arguments[1]).closest('[data-row-id]')", x, y))
        animations_done(browser)
        end, height = int(under.get_attribute("data-row")), under.rect["height"]
    finally:
        ActionChains(browser).release().perform()
    assert end - start > 6 * box["height"] / height
    seen = set(browser.execute_script("return [...seen]"))
    assert set(range(start, end + 1)) - seen, "every row passed was drawn"
    wait(browser, lambda d: count(d) == f"{end - start + 1} selected",
         message=f"not the {end - start + 1} rows passed: {count(browser)}")
    drawn = [(int(r.get_attribute("data-row")), r.get_attribute("aria-selected") == "true") for r in rows(browser)]
    assert all(on == (start <= row <= end) for row, on in drawn), drawn
    browser.execute_script("arguments[0].scrollTop = 0", scroller(browser))
    wait(browser, lambda d: any(int(r.get_attribute("data-row")) == start for r in rows(d)))
    drawn = [(int(r.get_attribute("data-row")), r.get_attribute("aria-selected") == "true") for r in rows(browser)]
    assert all(on == (start <= row <= end) for row, on in drawn), drawn


def test_a_drag_from_a_selected_circle_held_at_the_bottom_edge_deselects_every_row_it_scrolls_past(browser, drag_server):
    manage(browser, drag_server, "mail")
    browser.find_element(By.CSS_SELECTOR, "[data-action=select-all]").click()
    wait(browser, lambda d: count(d) == "200 selected")
    box = scroller(browser).rect
    first = rows(browser)[1]
    start, target = int(first.get_attribute("data-row")), circle(first)
    x, y = target.rect["x"] + target.rect["width"] / 2, target.rect["y"] + target.rect["height"] // 2 + 30
    ActionChains(browser).move_to_element(target).click_and_hold().move_by_offset(0, 30).perform()
    try:
        y = move_to(browser, y, box["y"] + box["height"] - 4)
        wait(browser, lambda d: scroll_top(d) > 3 * box["height"], message="the list did not scroll under the drag")
        y = move_to(browser, y, box["y"] + box["height"] / 2)
        scroll_at_rest(browser, polls=4)
        under = wait(browser, lambda d: d.execute_script(
            "return document.elementFromPoint(arguments[0], arguments[1]).closest('[data-row-id]')", x, y))
        end = int(under.get_attribute("data-row"))
        wait(browser, lambda d: count(d) == f"{200 - (end - start + 1)} selected",
             message=f"not the {end - start + 1} rows passed deselected while held: {count(browser)}")
    finally:
        ActionChains(browser).release().perform()
    assert count(browser) == f"{200 - (end - start + 1)} selected"
    browser.execute_script("arguments[0].scrollTop = 0", scroller(browser))
    wait(browser, lambda d: any(int(r.get_attribute("data-row")) == 0 for r in rows(d)))
    drawn = [(int(r.get_attribute("data-row")), r.get_attribute("aria-selected") == "true") for r in rows(browser)]
    assert all(on == (not start <= row <= end) for row, on in drawn), drawn
