"""Real-browser suite for the ListServer page.

Builds nothing: it starts the server binary named by $LISTSERVER_BIN (default .build/debug/ListServer)
with `--port 0 --data <tmp> --quiet --public Public`, reads the URL from its first stdout line, drives
headless Chromium through Debian's chromedriver, and stops the server afterwards.
"""
import contextlib
import json
import os
import re
import select
import shutil
import struct
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request
import zlib

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


@pytest.fixture(scope="module")
def own_server():
    """A server with the samples for one module alone: what its tests change stays out of other modules' lists."""
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
    # No page stays open into the next test: a module's server stops after its last test, and a page
    # of it left open would log its lost event stream in whatever test runs next.
    browser.get("about:blank")
    if not request.node.get_closest_marker("console_errors_expected"):
        assert severe == [], f"console errors: {severe}"


def pytest_configure(config):
    config.addinivalue_line("markers", "console_errors_expected: the test provokes errors the console reports")


# ---- helpers shared by the tests ----

def wait(driver, condition, timeout=10, message=""):
    """Polls `condition` until it is truthy; a stale element (the page refilled a row) just means try again."""
    return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=[StaleElementReferenceException]) \
        .until(lambda d: condition(d), message)


def animations_done(driver):
    """Waits until no row is moving, so a click lands where the element is drawn."""
    wait(driver, lambda d: d.execute_script("return document.getAnimations().length === 0"), timeout=5,
         message="the animations did not end")


DRAWN = """
const done = arguments[arguments.length - 1];
requestAnimationFrame(() => requestAnimationFrame(() => done(JSON.stringify([
  performance.getEntriesByType('resource').some(e => e.name.includes('/fragment') && !e.responseEnd),
  [...document.querySelectorAll('[data-row-id]')].map(e => [e.dataset.rowId, Math.round(e.getBoundingClientRect().top)])]))));
"""


def settled(driver):
    """Waits until the page has no window on its way and its rows have not moved over three pairs of frames."""
    seen = {"last": None, "still": 0}

    def still(d):
        now = d.execute_async_script(DRAWN)
        seen["still"] = seen["still"] + 1 if now == seen["last"] and not now.startswith("[true") else 0
        seen["last"] = now
        return seen["still"] >= 3

    wait(driver, still, message="the rows did not settle")


def scroll_top(driver):
    """The list's scroll position, in px."""
    return driver.execute_script("return document.querySelector('[data-role=scroller]').scrollTop")


def scroll_at_rest(driver, polls=3):
    """Waits until the list's scroll position is the same over `polls` polls (a smooth scroll ended); returns it."""
    seen = {"last": None, "same": 0}

    def still(d):
        now = scroll_top(d)
        seen["same"] = seen["same"] + 1 if now == seen["last"] else 0
        seen["last"] = now
        return seen["same"] >= polls

    wait(driver, still, message="the list did not stop scrolling")
    return seen["last"]


@contextlib.contextmanager
def server_with(datasets, extra_args=()):
    """A server that imports `datasets` ({id: the file's JSON value}) at start, from files in a temporary
    folder; both go away afterwards."""
    folder = tempfile.mkdtemp(prefix="listserver-datasets-")
    paths = []
    try:
        for name, value in datasets.items():
            path = os.path.join(folder, f"{name}.json")
            with open(path, "w") as out:
                json.dump(value, out, ensure_ascii=False)
            paths += ["--import", f"{name}={path}"]
        running = Server([*paths, *extra_args])
        try:
            yield running
        finally:
            running.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def screen_pixels(driver):
    """The viewport as the screen shows it: a function of (x, y) in device pixels giving (r, g, b)."""
    data = driver.get_screenshot_as_png()
    width, height, depth, kind = struct.unpack(">IIBB", data[16:26])
    assert depth == 8 and kind in (2, 6), f"an unexpected PNG: depth {depth}, colour type {kind}"
    chunks, at = [], 8
    while at < len(data):
        length, name = struct.unpack(">I4s", data[at:at + 8])
        if name == b"IDAT":
            chunks.append(data[at + 8:at + 8 + length])
        at += 12 + length
    raw, size = zlib.decompress(b"".join(chunks)), 3 if kind == 2 else 4
    stride, rows, previous = width * size, [], bytearray(width * size)
    for y in range(height):
        kind_of_filter, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up, corner = previous[i], previous[i - size] if i >= size else 0
            if kind_of_filter == 1:
                line[i] = (line[i] + left) & 255
            elif kind_of_filter == 2:
                line[i] = (line[i] + up) & 255
            elif kind_of_filter == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind_of_filter == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))[2]
                line[i] = (line[i] + near) & 255
        rows.append(line)
        previous = line
    return lambda x, y: tuple(rows[int(y)][int(x) * size:int(x) * size + 3])


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


def api_window(server, dataset, **parameters):
    """GET /api/datasets/{dataset}/window: the rows from the top, 20,000 px of them unless `height` says otherwise;
    other keywords (`child`, `expanded`, `width`, `overscan`) go into the query as they are."""
    query = urllib.parse.urlencode({"top": 0, "height": 20000, **parameters})
    return json.load(urllib.request.urlopen(f"{server.url}/api/datasets/{dataset}/window?{query}"))


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


# ---- a server with texts of every length, Latin and CJK, and a long grouped list ----

WORDS = ("tide library page scholar argument mana ember lantern harbour mountain river archive oath "
         "compass meadow glacier thunder quiet morning letter").split()
HANZI = "生于雾港的刺客行走无声传说她从不在同一座城里停留三夜一面盾一座关青鸾自幼随师父在云顶采药能以羽为针以风为引"
WIDTHS = (360, 768, 1280)


def text_of(index):
    """Text from one word to several paragraphs: Latin, CJK, or both, by index."""
    size = [1, 3, 12, 40, 90, 160, 260][index % 7]
    if index % 3 == 1:
        return "".join(HANZI[(index * 7 + i) % len(HANZI)] for i in range(size))
    words = " ".join(WORDS[(index * 5 + i) % len(WORDS)] for i in range(size)).capitalize() + "."
    if size > 80:
        words = words.replace(" archive ", " archive.\n\n", 1)
    return words if index % 3 == 0 else words + " " + HANZI[: size // 4]


def text_datasets(folder):
    """`texts` (heroes: descriptions of every length), `notes` (a grouped generic list of titles and long
    details) and `clubs` (friends: 40 collapsed groups, more than a page), as files to import."""
    texts = [{"name": f"Hero {i}" if i % 4 else "英雄 " + str(i), "title": text_of(i + 3)[:40],
              "icon": f"hero-{i % 16 + 1:02d}", "desc": text_of(i), "tags": ["Mage", "治疗"][: 1 + i % 2]}
             for i in range(60)]
    notes = [{"title": f"Chapter {s}", "rows": [{"title": text_of(s * 9 + r + 2)[:120], "detail": text_of(s * 9 + r)}
                                               for r in range(9)]} for s in range(6)]
    clubs = [{"name": f"Club {g:02d}", "online": g % 4, "friends": [
        {"name": f"Member {g}-{i}", "icon": f"friend-{(g + i) % 40 + 1:02d}", "intro": "Hello", "vip": i == 0}
        for i in range(8)]} for g in range(40)]
    paths = []
    for name, value in (("texts", texts), ("notes", notes), ("clubs", clubs)):
        path = os.path.join(folder, f"{name}.json")
        with open(path, "w") as out:
            json.dump(value, out, ensure_ascii=False)
        paths += ["--import", f"{name}={path}"]
    return paths


@pytest.fixture(scope="session")
def text_server():
    folder = tempfile.mkdtemp(prefix="listserver-texts-")
    running = Server(text_datasets(folder))
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def at_width(driver, width, height=900):
    """Sizes the window so the page's viewport is `width` CSS pixels wide."""
    driver.set_window_size(width, height)
    inner = driver.execute_script("return innerWidth")
    if inner != width:
        driver.set_window_size(2 * width - inner, height)


# The axe-core that axe-selenium-python brings (3.1) predates WAI-ARIA 1.2, which lets a row say its place in
# its group (aria-posinset, aria-setsize) as it says its level, in a treegrid only; axe-core 4 checks it so.
ARIA_1_2_ROWS = """
axe.configure({checks: [{id: 'aria-allowed-attr', options: {row: ['aria-posinset', 'aria-setsize']}}]});
return [...document.querySelectorAll('[role=row]:is([aria-posinset], [aria-setsize], [aria-level])')]
  .filter(row => !row.closest('[role=treegrid]')).map(row => row.outerHTML.slice(0, 120));
"""


def axe_violations(driver):
    """axe-core's critical and serious violations on the page as [(rule, impact, the first three targets)], under
    WAI-ARIA 1.2's rules for rows: their place in a group is allowed in a tree grid, and a violation out of one."""
    from axe_selenium_python import Axe

    axe = Axe(driver)
    axe.inject()
    rows_out_of_a_tree = driver.execute_script(ARIA_1_2_ROWS)
    found = axe.run()["violations"]
    serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in found
               if v["impact"] in ("critical", "serious")]
    return serious + ([("aria-allowed-attr", "critical", rows_out_of_a_tree[:3])] if rows_out_of_a_tree else [])
