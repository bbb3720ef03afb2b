"""Real-browser suite for the ListServer page.

Builds nothing: it starts the server binary named by $LISTSERVER_BIN (default .build/debug/ListServer)
with `--port 0 --data <tmp> --quiet --public Public`, reads the URL from its first stdout line, drives
headless Chromium through Debian's chromedriver, and stops the server afterwards.
"""
import json
import os
import re
import select
import shutil
import subprocess
import tempfile
import time
import urllib.request

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCREENSHOTS = os.path.join(ROOT, "docs", "screenshots")
URL_PATTERN = re.compile(r"https?://[0-9A-Za-z.\[\]:-]+:\d+")


class Server:
    """A running ListServer process and the URL it serves."""

    def __init__(self, extra_args=(), startup_timeout=120):
        binary = os.environ.get("LISTSERVER_BIN", os.path.join(ROOT, ".build", "debug", "ListServer"))
        if not os.path.isabs(binary):
            binary = os.path.join(ROOT, binary)
        if not os.access(binary, os.X_OK):
            pytest.exit(f"server binary not found: {binary} (build it or set LISTSERVER_BIN)", returncode=2)
        self.data = tempfile.mkdtemp(prefix="listserver-browser-")
        command = [binary, "--port", "0", "--data", self.data, "--quiet", "--public", "Public", *extra_args]
        self.process = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )
        deadline = time.monotonic() + startup_timeout
        line = ""
        while time.monotonic() < deadline and self.process.poll() is None:
            ready, _, _ = select.select([self.process.stdout], [], [], 0.5)
            if ready:
                line = self.process.stdout.readline()
                break
        match = URL_PATTERN.search(line)
        if not match:
            self.stop()
            raise RuntimeError(f"server did not print its URL (first line: {line!r})")
        self.url = match.group(0).rstrip("/")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        shutil.rmtree(self.data, ignore_errors=True)


@pytest.fixture(scope="session")
def server():
    running = Server()
    yield running
    running.stop()


def make_driver():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=480,900", "--force-color-profile=srgb", "--hide-scrollbars"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


@pytest.fixture(scope="session")
def browser():
    driver = make_driver()
    yield driver
    driver.quit()


@pytest.fixture(autouse=True)
def console_clean(request, browser):
    """Fails a test whose pages logged console errors, unless it is marked `console_errors_expected`."""
    browser.get_log("browser")
    yield
    severe = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    if not request.node.get_closest_marker("console_errors_expected"):
        assert severe == [], f"console errors: {severe}"


def pytest_configure(config):
    config.addinivalue_line("markers", "console_errors_expected: the test provokes errors the console reports")


# ---- helpers shared by the tests ----

def wait(driver, condition, timeout=10, message=""):
    """Polls `condition` until it is truthy; a stale element (the page refilled a row) just means try again."""
    return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=[StaleElementReferenceException]) \
        .until(lambda d: condition(d), message)


def open_table(driver, server, dataset, query=""):
    driver.get(f"{server.url}/d/{dataset}{query}")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-role=scroller] [data-section-id], "
                                                         "[data-role=scroller] [data-row-id]"),
         message=f"{dataset} shows no rows or headers")


def rows(driver):
    """The row elements in use (pooled, hidden ones left out), in visual order."""
    return driver.execute_script(
        "return [...document.querySelectorAll('[data-row-id]')].filter(e => !e.hidden)"
        ".sort((a, b) => a.dataset.y - b.dataset.y)")


def row_by_id(driver, row_id):
    found = driver.find_elements(By.CSS_SELECTOR, f'[data-row-id="{row_id}"]')
    return found[0] if found else None


def row_count(server, dataset):
    """The dataset's number of rows, as the JSON API reports it."""
    return json.load(urllib.request.urlopen(f"{server.url}/api/datasets/{dataset}"))["rowCount"]


def screenshot(driver, kind):
    os.makedirs(SCREENSHOTS, exist_ok=True)
    driver.save_screenshot(os.path.join(SCREENSHOTS, f"{kind}.png"))


def confirm(driver):
    button = wait(driver, lambda d: [b for b in d.find_elements(By.CSS_SELECTOR, "[data-action=confirm]")
                                     if b.is_displayed()], message="no confirmation asked")[0]
    button.click()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """On a failure, adds the page's URL, messages and a screenshot path to the report."""
    outcome = yield
    report = outcome.get_result()
    driver = item.funcargs.get("browser")
    if report.when != "call" or not report.failed or driver is None:
        return
    path = os.path.join(tempfile.gettempdir(), f"listserver-failure-{item.name}.png")
    driver.save_screenshot(path)
    state = driver.execute_script(
        "return [location.href, ...['#err', '#note', '#toast'].map(s => document.querySelector(s)?.textContent),"
        " performance.getEntriesByType('resource').filter(e => e.initiatorType === 'fetch')"
        ".map(e => `${e.name} ${e.responseStatus}`)]")
    report.sections.append(("page", f"state: {state}\nscreenshot: {path}"))
