"""Pull to refresh on touch, as a UIRefreshControl: a pull down from the top shows a spinner that follows the
pull; let go past the threshold and the window is fetched again while it spins, then it goes; a short pull or a
pull from further down fetches nothing."""
import pytest

from conftest import open_table, rows, wait


def touch(driver, kind, points):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def fragments(driver):
    return driver.execute_script("return performance.getEntriesByType('resource').filter(e => e.name.includes('/fragment')).length")


def pull_down(driver, distance):
    x, y = driver.execute_script("const b = document.querySelector('[data-role=scroller]').getBoundingClientRect();"
                                 "return [b.left + b.width / 2, b.top + 40]")
    touch(driver, "touchStart", [{"x": x, "y": y}])
    for step in range(1, 9):
        touch(driver, "touchMove", [{"x": x, "y": y + distance * step // 8}])
    visible = driver.execute_script("const s = document.querySelector('.pull'); return !!s && !s.hidden")
    first = driver.execute_script("return document.querySelector('[data-row-id]').getBoundingClientRect().top")
    touch(driver, "touchEnd", [])
    return visible, first


@pytest.fixture
def touching(browser):
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    yield browser
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def test_a_pull_from_the_top_refetches_the_window_with_a_spinner(touching, server):
    open_table(touching, server, "messages")
    wait(touching, lambda d: d.find_elements("css selector", ".pull"), message="the pull module did not load")
    before = fragments(touching)
    resting = touching.execute_script("return document.querySelector('[data-row-id]').getBoundingClientRect().top")
    visible, pulled = pull_down(touching, 240)
    assert visible, "no spinner while pulling"
    assert pulled - resting >= 48, f"the rows did not follow the pull ({resting} → {pulled})"
    wait(touching, lambda d: fragments(d) > before, message="letting go past the threshold fetched nothing")
    wait(touching, lambda d: d.execute_script("return document.querySelector('.pull').hidden"), timeout=5,
         message="the spinner stayed after the window came")
    assert rows(touching), "the list is empty after a refresh"


def test_a_short_pull_fetches_nothing(touching, server):
    open_table(touching, server, "messages")
    wait(touching, lambda d: d.find_elements("css selector", ".pull"))
    before = fragments(touching)
    pull_down(touching, 60)
    wait(touching, lambda d: d.execute_script("return document.querySelector('.pull').hidden"))
    assert fragments(touching) == before, "a pull short of the threshold refreshed"
