"""The connection heals itself: a server stopped under an open page is said within a second ("Reconnecting…",
in the page's language), and once it is back the page resumes its event stream from the version it drew,
fetches what is visible again and clears the message, with no action from the person."""
import select
import subprocess
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, URL_PATTERN, Server, open_table, row_by_id, rows, wait
from screen_coverage import count_fetches, coverage, settle
from test_page import post_batch


class RestartableServer(Server):
    """A server that can be stopped and started again on its port, with its data."""

    def halt(self):
        self.process.terminate()
        self.process.wait(timeout=15)

    def resume(self):
        binary, port = self.process.args[0], self.url.rsplit(":", 1)[1]
        command = [binary, "--port", port, "--data", self.data, "--quiet", "--public", "Public"]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        text=True, bufsize=1)
        ready, _, _ = select.select([self.process.stdout], [], [], 60)
        line = self.process.stdout.readline() if ready else ""
        assert URL_PATTERN.search(line), f"the server did not start again: {line!r}"


@pytest.fixture()
def restartable():
    running = RestartableServer()
    yield running
    running.stop()


def offline(driver):
    """The reconnecting message's text while it shows, else None."""
    shown = [e for e in driver.find_elements(By.CSS_SELECTOR, "#offline") if e.is_displayed()]
    return shown[0].text if shown else None


@pytest.mark.console_errors_expected
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_server_restart_is_said_at_once_and_healed_with_no_action(browser, restartable, language):
    query = "?lang=zh-Hans" if language == "zh" else ""
    open_table(browser, restartable, "messages", query)
    count_fetches(browser)
    settle(browser)
    wait(browser, lambda d: d.execute_script("return document.styleSheets.length >= 3"))
    first = rows(browser)[0].get_attribute("data-row-id")

    stopped = time.monotonic()
    restartable.halt()
    text = wait(browser, offline, timeout=5, message="nothing said about the lost connection")
    said_after = time.monotonic() - stopped
    assert text == ("正在重新连接…" if language == "zh" else "Reconnecting…")
    assert said_after <= 1.0, f"said after {said_after:.2f} s"
    assert not browser.find_element(By.ID, "err").is_displayed(), "a Retry bubble instead of healing"
    # Out of the way of the bar and the search field, which stay usable.
    pill, field = (browser.find_element(By.CSS_SELECTOR, s).rect for s in ("#offline", "[data-role=search]"))
    assert pill["y"] >= field["y"] + field["height"], f"the message covers the search field: {pill} over {field}"

    # Scrolling while the server is away shows rows or placeholders, never an error.
    browser.execute_script("document.querySelector('[data-role=scroller]').scrollTop += 1500")
    wait(browser, lambda d: sum(coverage(d)) >= 0.99, message="the list went blank while offline")

    restartable.resume()
    started = time.monotonic()
    # Changed while the page was away: the stream resumes from the version drawn and brings it.
    post_batch(restartable, "messages", {"deleteRows": [int(first)]})
    wait(browser, lambda d: offline(d) is None, timeout=10, message="the message stayed after the server came back")
    healed_after = time.monotonic() - started
    wait(browser, lambda d: coverage(d)[0] >= 0.99, message="what is visible was not fetched again")
    browser.execute_script("document.querySelector('[data-role=scroller]').scrollTop = 0")
    wait(browser, lambda d: row_by_id(d, first) is None, message="the change made meanwhile did not arrive")
    # And it follows what comes next.
    second = rows(browser)[0].get_attribute("data-row-id")
    post_batch(restartable, "messages", {"deleteRows": [int(second)]})
    wait(browser, lambda d: row_by_id(d, second) is None, message="the event stream did not resume")
    print(f"\n{language}: said {said_after * 1000:.0f} ms after the server stopped, healed"
          f" {healed_after * 1000:.0f} ms after it started again")


@pytest.mark.console_errors_expected
def test_a_failed_window_fetch_reconnects_with_backoff_and_refetches(browser, restartable):
    open_table(browser, restartable, "messages")
    count_fetches(browser)
    settle(browser)
    browser.execute_script("""
        window.failures = 3; window.tries = [];
        const real = window.fetch;
        window.fetch = (url, options) => {
          if (String(url).includes('/api/datasets/messages') && !String(url).includes('/events')) window.tries.push(performance.now());
          return String(url).includes('/fragment') && window.failures-- > 0
            ? Promise.reject(new TypeError('Failed to fetch')) : real(url, options);
        };""")
    browser.execute_script("document.querySelector('[data-role=scroller]').scrollTop += 1200")
    wait(browser, offline, timeout=2, message="a failed fetch said nothing")
    wait(browser, lambda d: offline(d) is None and coverage(d)[0] >= 0.99, timeout=15,
         message="the page did not heal after the fetches failed")
    tries = browser.execute_script("return window.tries")
    gaps = [b - a for a, b in zip(tries, tries[1:])]
    assert all(b >= a * 1.5 for a, b in zip(gaps, gaps[1:])), f"no backoff between tries: {gaps}"
