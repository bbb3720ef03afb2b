"""Friends: QQ-style groups that start collapsed and expand on tap, with online / total and red VIP names."""
import math
import re
from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import animations_done, open_table, rows, screenshot, wait

HEADERS = "[data-role=scroller] [data-section-id][role=row]"


def headers(driver):
    return [h for h in driver.find_elements(By.CSS_SELECTOR, HEADERS) if h.is_displayed()]


def arrow_angle(driver, header):
    matrix = driver.execute_script("return getComputedStyle(arguments[0].querySelector('.arrow')).transform", header)
    if matrix in (None, "none"):
        return 0
    a, b = [float(v) for v in matrix[7:-1].split(",")[:2]]
    return round(math.degrees(math.atan2(b, a)))


def test_groups_start_collapsed_with_online_over_total(browser, server):
    open_table(browser, server, "friends")
    groups = headers(browser)
    assert len(groups) >= 5
    assert all(h.get_attribute("aria-expanded") == "false" for h in groups)
    assert rows(browser) == []
    for header in groups:
        assert re.search(r"\d+ / \d+$", header.text), header.text
    assert arrow_angle(browser, groups[0]) == 0


def test_tapping_a_group_expands_it_turns_the_arrow_and_shows_its_friends(browser, server):
    open_table(browser, server, "friends")
    header = headers(browser)[1]
    online, total = [int(v) for v in re.search(r"(\d+) / (\d+)$", header.text).groups()]
    header.click()
    wait(browser, lambda d: len(rows(d)) == total, message="the group's rows did not appear")
    assert header.get_attribute("aria-expanded") == "true"
    wait(browser, lambda d: arrow_angle(d, header) == 90, message="the arrow did not turn 90°")
    section = header.get_attribute("data-section")
    assert {r.get_attribute("data-section") for r in rows(browser)} == {section}
    assert [r.get_attribute("data-row") for r in rows(browser)] == [str(i) for i in range(total)]
    assert {r.get_attribute("aria-level") for r in rows(browser)} == {"2"} and header.get_attribute("aria-level") == "1"
    assert online <= total
    screenshot(browser, "friends")
    header.click()
    wait(browser, lambda d: rows(d) == [], message="the group did not collapse")
    assert header.get_attribute("aria-expanded") == "false"


def test_vip_names_are_red_and_others_are_not(browser, server):
    open_table(browser, server, "friends", "?expanded=all")
    wait(browser, lambda d: len(rows(d)) > 10)
    vip = browser.find_elements(By.CSS_SELECTOR, "[data-row-id] .t1.vip")
    plain = browser.find_elements(By.CSS_SELECTOR, "[data-row-id] .t1:not(.vip)")
    assert vip and plain
    red = browser.execute_script("return getComputedStyle(arguments[0]).color", vip[0])
    other = browser.execute_script("return getComputedStyle(arguments[0]).color", plain[0])
    r, g, b = [int(v) for v in re.findall(r"\d+", red)[:3]]
    assert r > 200 and g < 90 and b < 90, red
    assert other != red


def test_hostile_names_are_shown_as_text(browser, server):
    open_table(browser, server, "friends", "?expanded=all")
    wait(browser, lambda d: len(rows(d)) > 10)
    assert browser.execute_script("return document.querySelectorAll('[data-row-id] script, [data-row-id] b').length") == 0


def expanded_in_url(url):
    """The section ids named by the URL's `expanded` parameter (`3,5,9-12`)."""
    value = parse_qs(urlparse(url).query).get("expanded", [""])[0]
    ids = set()
    for part in filter(None, value.split(",")):
        first, _, last = part.partition("-")
        ids.update(str(i) for i in range(int(first), int(last or first) + 1))
    return ids


def test_reload_keeps_the_expanded_groups(browser, server):
    open_table(browser, server, "friends")
    first, third = headers(browser)[0], headers(browser)[2]
    first.click()
    wait(browser, lambda d: first.get_attribute("aria-expanded") == "true" and rows(d))
    animations_done(browser)
    third = headers(browser)[2]
    third.click()
    ids = {first.get_attribute("data-section-id"), third.get_attribute("data-section-id")}
    wait(browser, lambda d: expanded_in_url(d.current_url) == ids, message="the URL does not record the expansion")
    count = len(rows(browser))
    browser.refresh()
    wait(browser, lambda d: len(rows(d)) == count, message="reload lost the expansion")
    expanded = {h.get_attribute("data-section-id") for h in headers(browser) if h.get_attribute("aria-expanded") == "true"}
    assert expanded == ids


def test_keyboard_moves_across_headers_and_toggles_with_enter_and_space(browser, server):
    open_table(browser, server, "friends")
    first = headers(browser)[0]
    browser.execute_script("arguments[0].focus()", first)
    active = lambda d: d.switch_to.active_element
    active(browser).send_keys(Keys.ARROW_DOWN)
    wait(browser, lambda d: active(d).get_attribute("data-section") == "1", message="ArrowDown did not move focus")
    active(browser).send_keys(Keys.ENTER)
    wait(browser, lambda d: active(d).get_attribute("aria-expanded") == "true", message="Enter did not expand")
    wait(browser, lambda d: rows(d))
    active(browser).send_keys(Keys.ARROW_DOWN)
    wait(browser, lambda d: active(d).get_attribute("data-row") == "0", message="focus did not enter the group")
    assert active(browser).get_attribute("data-section") == "1"
    active(browser).send_keys(Keys.ARROW_UP)
    wait(browser, lambda d: active(d).get_attribute("data-section-id") is not None)
    active(browser).send_keys(Keys.ENTER)
    wait(browser, lambda d: active(d).get_attribute("aria-expanded") == "false", message="Enter did not collapse")
    assert active(browser).get_attribute("tabindex") == "0"


def test_the_header_of_the_section_under_the_top_stays_pinned(browser, server):
    open_table(browser, server, "friends", "?expanded=all")
    wait(browser, lambda d: len(rows(d)) > 10)
    scroller = browser.find_element(By.CSS_SELECTOR, "[data-role=scroller]")
    second = headers(browser)[1]
    offset = int(float(second.get_attribute("data-y"))) + 100
    browser.execute_script("arguments[0].scrollTop = arguments[1]", scroller, offset)
    tops = lambda d: d.execute_script(
        "const s = arguments[0].getBoundingClientRect().top, h = arguments[1].getBoundingClientRect().top;"
        "return [Math.round(h - s), arguments[1].classList.contains('pinned')]", scroller, second)
    wait(browser, lambda d: tops(d) == [0, True], message=f"the header is not pinned: {tops(browser)}")
    covering = browser.execute_script(
        "const s = arguments[0].getBoundingClientRect(); const e = document.elementFromPoint(s.left + 100, s.top + 5);"
        "return e.closest('[data-section-id]')?.dataset.sectionId", scroller)
    assert covering == second.get_attribute("data-section-id")
