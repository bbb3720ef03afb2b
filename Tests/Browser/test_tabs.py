"""One event stream per browser: twenty tabs of one profile on the five samples load, scroll and follow every
change through one stream connection, counted by the server (/metrics); when the leading tab closes in the
middle of the changes another takes over within a second, and every tab still gets every change of its dataset
once, in order."""
import json
import threading
import time
import urllib.request

import pytest

from conftest import Server, make_driver, open_table, wait
from screen_coverage import covered_by_rows, scroll_by

DATASETS = ["friends", "heroes", "apps", "messages", "settings"]
TABS = 20
# A text field of each sample's rows that a batch may set.
FIELDS = {"friends": "name", "heroes": "name", "apps": "name", "messages": "title", "settings": "detail"}


@pytest.fixture()
def alone():
    """A server of this test's own, so that no other test's page holds a stream of it."""
    running = Server()
    yield running
    running.stop()


def metric(server, name):
    text = urllib.request.urlopen(f"{server.url}/metrics").read().decode()
    return next(float(line.split()[1]) for line in text.splitlines() if line.startswith(name + " "))


def streams(server):
    return metric(server, "http_open_streams")


class Program:
    """Posts a batch to one of the samples after another, round the five, from its own thread, and keeps
    the version each accepted batch made, by dataset."""

    def __init__(self, server):
        self.server = server
        self.made = {dataset: [] for dataset in DATASETS}
        self.targets = {}
        for dataset in DATASETS:
            window = json.load(urllib.request.urlopen(
                f"{server.url}/api/datasets/{dataset}/window?top=0&height=400&expanded=all"))
            self.targets[dataset] = (window["version"], window["rows"][0]["id"])
        self.stopping = threading.Event()
        self.thread = None
        self.count = 0

    def post(self, dataset):
        version, row = self.targets[dataset]
        self.count += 1
        body = {"baseVersion": version,
                "updateRows": [{"id": row, "fields": {FIELDS[dataset]: f"Changed {self.count}"}}]}
        request = urllib.request.Request(
            f"{self.server.url}/api/datasets/{dataset}/batch", data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "Origin": self.server.url}, method="POST")
        made = json.load(urllib.request.urlopen(request))["version"]
        self.targets[dataset] = (made, row)
        self.made[dataset].append(made)

    def run(self, every=0.1):
        def loop():
            index = 0
            while not self.stopping.wait(every):
                self.post(DATASETS[index % len(DATASETS)])
                index += 1
        self.thread = threading.Thread(target=loop)
        self.thread.start()

    def stop(self):
        self.stopping.set()
        self.thread.join()


def received(driver):
    """The change events the tab's page was handed, as `dataset:version`."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('/page/stream.js').then(module => done(module.received.slice()), error => done(String(error)))")


def role(driver):
    return driver.execute_script("return document.documentElement.dataset.stream")


def test_twenty_tabs_share_one_stream_and_a_new_leader_loses_no_event(browser, alone):
    tabs = []  # (window handle, dataset)
    try:
        for index in range(TABS):
            if index:
                browser.switch_to.new_window("tab")
            dataset = DATASETS[index % len(DATASETS)]
            open_table(browser, alone, dataset, "?expanded=all" if dataset == "friends" else "")
            tabs.append((browser.current_window_handle, dataset))
        # Every tab loaded while the others were open: the sixth and later ones too.
        wait(browser, lambda d: streams(alone) == 1, timeout=10,
             message=f"{TABS} tabs hold {streams(alone):.0f} event streams, not one")
        roles = []
        for handle, dataset in tabs:
            browser.switch_to.window(handle)
            roles.append(role(browser))
            scroll_by(browser, 600)
            seen = covered_by_rows(browser)
            assert seen[0] >= 0.99, f"a {dataset} tab scrolled to a blank list: {seen}"
        assert roles.count("leader") == 1 and roles.count("follower") == TABS - 1, roles

        program = Program(alone)
        for dataset in DATASETS:
            program.post(dataset)
        program.run()
        # Mid-stream, the leading tab closes.
        wait(browser, lambda d: sum(map(len, program.made.values())) >= 15, timeout=15)
        leader = tabs[roles.index("leader")]
        browser.switch_to.window(leader[0])
        browser.close()
        closed_at = time.time() * 1000
        tabs.remove(leader)
        wait(browser, lambda d: sum(map(len, program.made.values())) >= 40, timeout=20)
        program.stop()

        elected = None
        for handle, dataset in tabs:
            browser.switch_to.window(handle)
            if role(browser) == "leader":
                assert elected is None, "two tabs lead"
                elected = float(browser.execute_script("return document.documentElement.dataset.leadingSince"))
        assert elected is not None, "no tab took over"
        took_over = elected - closed_at
        assert took_over <= 1000, f"the next leader took {took_over:.0f} ms"

        for handle, dataset in tabs:
            browser.switch_to.window(handle)
            expected = [f"{dataset}:{version}" for version in program.made[dataset]]
            wait(browser, lambda d: received(d) == expected, timeout=10,
                 message=f"a {dataset} tab got {received(browser)}, not {expected}")
        assert streams(alone) == 1
        print(f"\n{TABS} tabs, one stream; {sum(map(len, program.made.values()))} changes; "
              f"the next leader took over {took_over:.0f} ms after the leader's tab closed")
    finally:
        for handle, _ in tabs[1:]:
            browser.switch_to.window(handle)
            browser.close()
        if tabs:
            browser.switch_to.window(tabs[0][0])


def test_a_browser_without_web_locks_keeps_a_stream_per_page(alone):
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                               {"source": "delete Navigator.prototype.locks"})
        open_table(driver, alone, "messages")
        wait(driver, lambda d: role(d) == "page", message="the page did not keep a stream of its own")
        wait(driver, lambda d: streams(alone) == 1, timeout=10, message="no stream of the page's own")
        program = Program(alone)
        program.post("messages")
        expected = [f"messages:{version}" for version in program.made["messages"]]
        wait(driver, lambda d: received(d) == expected, timeout=10, message=f"got {received(driver)}")
    finally:
        driver.quit()
