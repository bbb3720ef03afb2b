"""A random walk as the page's fuzzer: random datasets (flat and grouped, one huge group, many empty sections,
rows of 1–20 lines, 10 to 1,000,000 rows, plain, grouped and inset grouped) imported over PUT, and random
sequences of wheel, touch fling, keys, scroll bar jumps, expand and collapse, search, edits and batches from
another client, at 360, 768 and 1280 px. After every step settles the invariants hold:

- every frame, the viewport (down to the content's end) is covered by rows or placeholders, and by rows
  (≥ 99 %) within 300 ms of the scrolling stopping (RANDOM_WALK_COVER_MS; 600 in CI's debug build);
- the DOM order of the drawn rows and headers is their order on screen;
- at most 200 elements in the list's layer;
- the anchored row does not move while the scroller stands still (measurement corrects around it);
- no console error; the focus on a live element; the selected count equal to the server's.

A seed gives the dataset and the steps: a failure names its seed and step, and
`scripts/random-walk.sh --seed N` replays it. CI runs the seeds in CI_SEEDS; `scripts/random-walk.sh
--minutes N` walks new seeds for N minutes (RANDOM_WALK_SEED, RANDOM_WALK_MINUTES, RANDOM_WALK_STEPS)."""
import itertools
import json
import math
import os
import random
import time
import urllib.error
import urllib.request

import pytest
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import WIDTHS, Server, at_width, open_table, wait
from screen_coverage import touch_fling

# About 70 s on the debug build: an inset grouped table with one huge group (4,344 rows), a grouped one with
# empty sections, 7,896 friends in 132 groups, 475 messages in Manage mode, and 429,030 rows past the height cap.
CI_SEEDS = (26, 20, 40, 35, 32)
STEPS = int(os.environ.get("RANDOM_WALK_STEPS", "14"))
# The bound is 300 ms on loopback (scripts/random-walk.sh holds a walk to it); CI's debug build on a
# shared 2-core machine gets twice that, or its slowest fetches fail the suite by chance.
COVER_MS = float(os.environ.get("RANDOM_WALK_COVER_MS", "600"))
MAX_ELEMENTS = 200
WORDS = ("tide library page scholar argument mana ember lantern harbour mountain river archive oath compass "
         "meadow glacier thunder quiet morning letter 生于雾港 的刺客 行走无声 青鸾 云顶").split()


@pytest.fixture(scope="module")
def walk_server():
    running = Server(["--max-import-bytes", str(2**30)])
    yield running
    running.stop()


# ---- datasets ----

def row_count(rng, largest=1_000_000):
    """10 to `largest` rows, evenly on a log scale."""
    return int(10 ** rng.uniform(1, math.log10(largest)))


def lines(rng, index):
    """One to twenty lines of text, most of them short (a few rows only of a huge list are long)."""
    count = 1 + min(19, int(rng.expovariate(0.4))) if index % 5 == 0 else 1
    return "\n".join(" ".join(WORDS[(index + n * 3 + k) % len(WORDS)] for k in range(1 + (index + n) % 6))
                     for n in range(count))


def section_sizes(rng, rows):
    """How the rows fall into sections: one section, one huge group among small ones, or many sections of
    which a third are empty."""
    shape = rng.choice(["one", "huge", "many"])
    if shape == "one" or rows < 20:
        return shape, [rows]
    if shape == "huge":
        small = [rng.randint(0, 12) for _ in range(rng.randint(2, 20))]
        huge = max(1, rows - sum(small))
        small.insert(rng.randrange(len(small) + 1), huge)
        return shape, small
    sections = rng.randint(2, min(10_000, max(2, rows // 3)))
    sizes = [0 if rng.random() < 0.33 else 1 for _ in range(sections)]
    filled = [n for n, size in enumerate(sizes) if size] or [0]
    base, extra = divmod(rows - len(filled), len(filled))
    for order, n in enumerate(filled):
        sizes[n] = 1 + base + (1 if order < extra else 0)
    return shape, sizes


def dataset(seed, largest=1_000_000):
    """The seed's dataset: (kind, style, shape, body as the server takes it, fields for a new row)."""
    rng = random.Random(seed)
    kind = rng.choice(["flat", "table", "table", "friends", "messages"])
    # (a table document of 300,000 rows takes 20 s to import on the debug build, 627,000 rows 84 s)
    rows = row_count(rng, min(largest, 100_000 if kind == "table" else largest))
    if kind == "flat":
        body = [{"title": f"Row {i}", "detail": lines(rng, i)} for i in range(rows)]
        return kind, "plain", "one", body, lambda text: {"title": text, "detail": "Inserted"}
    if kind == "messages":
        rows = min(rows, 20_000)
        body = [{"send_time": f"2026-{1 + i % 12:02d}-{1 + i % 28:02d} 10:00", "title": f"Message {i}",
                 "content": lines(rng, i), "read": i % 3 == 0} for i in range(rows)]
        return kind, "plain", "one", body, lambda text: {"send_time": "2026-12-06 10:00", "title": text,
                                                         "content": "Inserted"}
    shape, sizes = section_sizes(rng, rows)
    counter = iter(range(10**7))
    if kind == "friends":
        body = [{"name": f"Group {s}", "online": min(size, 3), "friends": [
            {"name": f"Friend {s}-{r}", "icon": f"friend-{(s + r) % 40 + 1:02d}", "vip": r % 7 == 0,
             **({"intro": lines(rng, i)} if (i := next(counter)) % 2 else {})} for r in range(size)]}
            for s, size in enumerate(sizes)]
        return kind, "plain", shape, body, lambda text: {"name": text, "icon": "friend-01", "vip": False}
    style = rng.choice(["plain", "grouped", "insetGrouped"])
    sections = []
    for s, size in enumerate(sizes):
        section = {"rows": [{"text": f"Row {s}.{r}", "detail": lines(rng, next(counter)), "style": "subtitle",
                             "editingStyle": "delete"}
                            for r in range(size)]}
        if rng.random() < 0.8:
            section["header"] = f"Section {s}"
        if rng.random() < 0.2:
            section["footer"] = f"{size} rows"
        sections.append(section)
    body = {"table": {"style": style, "sections": sections}}
    return "table", style, shape, body, lambda text: {"text": text, "detail": "Inserted", "style": "subtitle"}


def api(server, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{server.url}{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json", "Origin": server.url})
    with urllib.request.urlopen(request, timeout=120) as response:
        return response.status, json.loads(response.read() or b"null")


# ---- what the page shows, every frame ----

RECORD = """
const scroller = document.querySelector('[data-role=scroller]'), spacer = scroller.querySelector('.spacer');
const walk = (window.walk = { frames: [], acted: null, done: false, stoppedAt: null, patience: 20000 });
if (!window.walkFetches) {
  // The page's fetches: how many are on their way, and the newest version a window brought.
  const real = window.fetch, count = (window.walkFetches = { started: 0, finished: 0, version: 0 });
  window.fetch = (...args) => {
    count.started++;
    const promise = real(...args);
    const done = text => {
      const version = /data-version="(\\d+)"/.exec(text ?? '')?.[1];
      if (version) count.version = Math.max(count.version, +version);
      count.finished++;
    };
    promise.then(response => response.clone().text().then(done, () => done()), () => done());
    return promise;
  };
}
const fetches = window.walkFetches;
const frame = () => {
  const box = scroller.getBoundingClientRect(), x = box.left + scroller.clientWidth / 2;
  // Down to the content's end: a short list leaves the rest of the viewport to the background.
  const bottom = Math.min(box.top + scroller.clientHeight, spacer.getBoundingClientRect().bottom);
  let samples = 0, rows = 0, placeholders = 0;
  for (let y = box.top + 2; y < bottom - 1; y += 6) {
    samples++;
    const item = document.elementsFromPoint(x, y).find(e => scroller.contains(e))?.closest('.layer > *');
    if (!item) continue;
    if (item.matches('[data-role=placeholder]')) placeholders++;
    else rows++;
  }
  const visible = [...scroller.querySelectorAll('.layer > [data-row-id]')].filter(e => !e.hidden && !e.inert)
    .map(e => [e.dataset.rowId, e.getBoundingClientRect()])
    .filter(([, r]) => r.top >= box.top && r.bottom <= box.bottom).map(([id, r]) => [id, r.top, r.bottom]);
  const now = performance.now(), top = scroller.scrollTop, last = walk.frames[walk.frames.length - 1];
  walk.frames.push({ t: now, top, rows: samples ? rows / samples : 1,
    placeholders: samples ? placeholders / samples : 0,
    animations: document.getAnimations().filter(a => a.playState === 'running').length,
    busy: fetches.started - fetches.finished, visible, modal: !!document.querySelector('dialog[open]'),
    atEnd: top > 0 && top >= scroller.scrollHeight - scroller.clientHeight - 1 });
  if (!last || Math.abs(last.top - top) >= 1 || walk.stoppedAt == null) walk.stoppedAt = now;
  const f = walk.frames, still = !window.walkDragging && f.length >= 12
    && f.slice(-12).every(g => Math.abs(g.top - top) < 1 && !g.busy && !g.animations);
  const covered = samples === 0 || rows / samples >= 0.99;
  const settled = still && (covered || now - walk.stoppedAt > 3000) && now - walk.acted > 150;
  if (walk.acted != null && settled) walk.done = true;
  else if (walk.acted != null && now - walk.acted > walk.patience) walk.done = 'timeout';
  else requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
"""

PAGE_STATE = """
const scroller = document.querySelector('[data-role=scroller]'), layer = scroller.querySelector('.layer');
const read = [...layer.querySelectorAll(':scope > [role=row]')].filter(e => !e.hidden && !e.inert)
  .map(e => ({ key: e.dataset.rowId ? 'r' + e.dataset.rowId : 'h' + e.dataset.sectionId, y: +e.dataset.y,
    top: e.getBoundingClientRect().top, pinned: e.classList.contains('pinned') }));
const active = document.activeElement;
const focus = !active || active === document.body ? 'body'
  : !active.isConnected ? 'detached'
  : active.closest('[hidden]') || active.closest('[inert]') ? 'hidden: ' + active.outerHTML.slice(0, 80)
  : active.closest('.layer > *') && !active.closest('.layer > *').matches('[data-row-id], [data-section-id]')
    ? 'a released element' : 'live';
const count = document.querySelector('[data-role=selected-count]');
return { read, elements: layer.children.length, focus, url: location.href,
  selected: count && !count.closest('[hidden]') && count.offsetParent ? count.textContent : null,
  error: !document.querySelector('#err')?.hidden ? document.querySelector('#err').textContent : null,
  version: window.walkFetches?.version ?? 0 };
"""


class Walk:
    """One seed's walk over one dataset in one browser page."""

    def __init__(self, browser, server, seed, steps):
        self.browser, self.server, self.seed, self.steps = browser, server, seed, steps
        self.rng = random.Random(seed * 7919 + 1)
        self.log = []
        self.touching = False

    # -- set up

    def start(self):
        kind, style, shape, body, fields = dataset(self.seed)
        self.kind, self.fields = kind, fields
        self.id = f"walk{self.seed}"
        started = time.monotonic()
        status, _ = api(self.server, "PUT", f"/api/datasets/{self.id}", body)
        assert status in (200, 201), status
        self.meta = api(self.server, "GET", f"/api/datasets/{self.id}")[1]
        self.width = self.rng.choice(WIDTHS)
        self.note(f"dataset {kind} {style} {shape}: {self.meta['rowCount']:,} rows in {self.meta['sectionCount']:,}"
                  f" sections, imported in {time.monotonic() - started:.1f} s; {self.width} px")
        at_width(self.browser, self.width)
        query = "?expanded=all" if kind == "friends" and self.rng.random() < 0.5 else ""
        open_table(self.browser, self.server, self.id, query)
        self.browser.get_log("browser")
        self.selecting = False

    def note(self, text):
        self.log.append(text)

    # -- the steps

    def scroller_center(self):
        return self.browser.execute_script("""
            const b = document.querySelector('[data-role=scroller]').getBoundingClientRect();
            return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2), Math.round(b.height)]""")

    def wheel(self):
        x, y, _ = self.scroller_center()
        delta = self.rng.choice([-1, 1]) * self.rng.choice([100, 240, 600, 1500, 4000])
        for _ in range(self.rng.randint(1, 6)):
            self.browser.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y,
                                                                      "deltaX": 0, "deltaY": delta})
        return f"wheel {delta:+}"

    def fling(self):
        x, y, height = self.scroller_center()
        distance = self.rng.choice([-1, 1]) * self.rng.randint(height // 4, height // 2)
        # Touch stays on until the next step that is not a fling: turning it off would stop the fling's momentum.
        self.touch(True)
        touch_fling(self.browser, x, y + distance // 2, distance)
        if distance < 0 and self.browser.execute_script(
                "return document.querySelector('[data-role=scroller]').scrollTop") <= 0:
            self.pulled = True  # pulled down at the top: pull to refresh shows its own band above the rows
            return f"pull to refresh {distance:+}"
        return f"fling {distance:+}"

    def touch(self, enabled):
        if enabled != self.touching:
            self.browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",
                                         {"enabled": enabled, "maxTouchPoints": 1})
            self.touching = enabled

    def key(self):
        key = self.rng.choice(["PAGE_DOWN", "PAGE_UP", "END", "HOME", "ARROW_DOWN", "ARROW_UP", "PAGE_DOWN", "END"])
        self.browser.execute_script("""
            const s = document.querySelector('[data-role=scroller]');
            if (!s.contains(document.activeElement)) s.focus({preventScroll: true})""")
        chain = ActionChains(self.browser)
        for _ in range(self.rng.randint(1, 3) if key.startswith("ARROW") or key.startswith("PAGE") else 1):
            chain.send_keys(getattr(Keys, key))
        chain.perform()
        return f"key {key}"

    def jump(self):
        fraction = self.rng.choice([0, 1, self.rng.random(), self.rng.random()])
        frames = self.rng.choice([1, 1, 30])
        self.browser.execute_script("""
            const s = document.querySelector('[data-role=scroller]');
            const to = arguments[0] * (s.scrollHeight - s.clientHeight);
            const frames = arguments[1], from = s.scrollTop;
            let n = 0;
            window.walkDragging = true;
            const step = () => {
              s.scrollTop = from + (to - from) * ++n / frames;
              n < frames ? requestAnimationFrame(step) : (window.walkDragging = false);
            };
            step();""", fraction, frames)
        return f"scroll bar to {fraction:.3f} in {frames} frames"

    def toggle(self):
        headers = self.browser.execute_script("""
            const box = document.querySelector('[data-role=scroller]').getBoundingClientRect();
            return [...document.querySelectorAll('.layer > [data-section-id][aria-expanded]')].filter(e => {
              const r = e.getBoundingClientRect();
              return !e.hidden && r.top >= box.top && r.bottom <= box.bottom; });""")
        if not headers:
            return None
        header = self.rng.choice(headers)
        label = f"{'collapse' if header.get_attribute('aria-expanded') == 'true' else 'expand'} " \
                f"section {header.get_attribute('data-section')}"
        header.click()
        return label

    def search(self):
        field = self.browser.find_elements("css selector", "[data-role=search]")
        if not field or not field[0].is_displayed():
            return None
        field = field[0]
        if field.get_attribute("value"):
            self.browser.execute_script(
                "arguments[0].value = ''; arguments[0].dispatchEvent(new Event('input'))", field)
            self.wait_url(lambda url: "q=" not in url)
            return "clear the search"
        text = self.rng.choice(["Row 1", "Friend 2", "Message 3", "lantern", "3", "zzz", "Section", "1"])
        field.send_keys(text)
        self.wait_url(lambda url: "q=" in url)
        return f"search {text!r}"

    def wait_url(self, condition):
        wait(self.browser, lambda d: condition(d.current_url), timeout=5, message="the search did not start")

    def drawn_rows(self):
        return self.browser.execute_script("""
            const box = document.querySelector('[data-role=scroller]').getBoundingClientRect();
            return [...document.querySelectorAll('.layer > [data-row-id]')].filter(e => !e.hidden && !e.inert)
              .map(e => [+e.dataset.rowId, +e.dataset.section, +e.dataset.row, e.getBoundingClientRect()])
              .filter(([, , , r]) => r.bottom > box.top && r.top < box.bottom).map(([id, s, r]) => [id, s, r]);""")

    def batch(self):
        """A batch from another client, around what the page shows: deletes, inserts and updates that change
        rows' heights."""
        shown = self.drawn_rows()
        if not shown or "q=" in self.browser.current_url:
            return None
        picked = self.rng.sample(shown, min(len(shown), self.rng.randint(1, 4)))
        body = {"animation": self.rng.choice(["automatic", "fade", "left", "top", "none"])}
        kinds = self.rng.sample(["deleteRows", "insertRows", "updateRows"], self.rng.randint(1, 3))
        if "deleteRows" in kinds:
            body["deleteRows"] = [row_id for row_id, _, _ in picked[:2]]
        if "insertRows" in kinds:
            _, section, row = picked[-1]
            fields = self.fields(f"New {self.rng.randint(0, 999)}")
            body["insertRows"] = [{"section": section, "row": row, "fields": fields}]
        if "updateRows" in kinds and len(picked) > 2:
            row_id = picked[2][0]
            text = "\n".join(["Taller"] * self.rng.randint(1, 12))
            body["updateRows"] = [{"id": row_id, "fields": self.fields(text)}]
        if len(body) == 1:
            return None  # nothing to change
        version = api(self.server, "GET", f"/api/datasets/{self.id}")[1]["version"]
        try:
            _, answer = api(self.server, "POST", f"/api/datasets/{self.id}/batch", {"baseVersion": version, **body})
        except urllib.error.HTTPError as error:
            return f"batch refused ({error.code} {error.read()[:200]!r}): {json.dumps(body)[:200]}"
        if answer["version"] > version:
            self.expect_version = answer["version"]
        return f"batch {json.dumps(body)[:300]}"

    def edit(self):
        """Manage mode (messages): pick rows and check the count, Select All against the server's count, or
        delete the picked rows."""
        if self.kind != "messages":
            return self.batch()
        b = self.browser
        if not self.selecting:
            b.find_element("css selector", "[data-action=edit]").click()
            self.selecting = True
            return "Manage"
        choice = self.rng.choice(["pick", "pick", "select all", "delete", "done"])
        if choice == "pick":
            shown = self.drawn_rows()
            for row_id, _, _ in self.rng.sample(shown, min(len(shown), 3)):
                b.execute_script("document.querySelector(`[data-row-id=\"${arguments[0]}\"] .rc`)?.click()", row_id)
            return "pick up to 3 rows"
        if choice == "select all":
            button = b.find_element("css selector", "[data-action=select-all]")
            if button.text == "Deselect All":  # every row is selected already: the button takes them all out
                button.click()
                self.expect_selected = 0
                return "Deselect All"
            button.click()
            total = api(self.server, "GET", f"/api/datasets/{self.id}")[1]["rowCount"]
            if "q=" not in b.current_url:  # (while searching, Select All selects the results)
                self.expect_selected = total
            return f"Select All ({total:,} on the server)"
        if choice == "delete":
            button = b.find_element("css selector", "[data-action=delete-selected]")
            if not button.is_enabled():
                return "Delete (nothing selected)"
            button.click()
            confirm = wait(b, lambda d: [e for e in d.find_elements("css selector", "[data-action=confirm]")
                                         if e.is_displayed()], message="no confirmation asked")[0]
            confirm.click()
            return "delete the selection"
        b.find_element("css selector", "[data-action=done]").click()
        self.selecting = False
        return "Done"

    def resize(self):
        self.width = self.rng.choice([w for w in WIDTHS if w != self.width])
        at_width(self.browser, self.width)
        return f"width {self.width} px"

    def step(self):
        actions = [(self.wheel, 5), (self.fling, 3), (self.key, 4), (self.jump, 3),
                   (self.toggle, 2 if self.kind == "friends" else 0), (self.search, 1), (self.edit, 5 if self.kind == "messages" else 2), (self.batch, 2),
                   (self.resize, 1)]
        while True:
            action = self.rng.choices([a for a, _ in actions], [w for _, w in actions])[0]
            if action != self.fling:
                self.touch(False)
            self.expect_version = None
            self.expect_selected = None
            self.pulled = False
            self.browser.execute_script(RECORD)
            label = action()
            if label:
                return action.__name__, label

    # -- the invariants

    def settle(self, name):
        """Waits for the step to settle (see RECORD) and returns its frames. A search has a minute: the debug
        build takes 35 s for the first search over a million rows."""
        b = self.browser
        patience = 60 if name == "search" else 20
        b.execute_script("window.walk.patience = arguments[0]", patience * 1000)
        if self.expect_version:
            wait(b, lambda d: d.execute_script("return window.walkFetches?.version ?? 0") >= self.expect_version,
                 timeout=5, message=f"the page did not draw version {self.expect_version}")
        b.execute_script("window.walk.acted = performance.now()")
        wait(b, lambda d: d.execute_script("return window.walk.done"), timeout=patience + 10,
             message="the step did not settle")
        assert b.execute_script("return window.walk.done") is True, \
            f"the page kept scrolling or fetching for {patience} s"
        return b.execute_script("return window.walk.frames")

    def check(self, name, frames):
        b = self.browser
        state = b.execute_script(PAGE_STATE)
        severe = [e["message"] for e in b.get_log("browser") if e["level"] == "SEVERE"]
        assert not severe, f"console errors: {severe}"
        assert state["error"] is None, f"the page says {state['error']!r}"
        # Every frame covered by rows or placeholders (frames where rows are animated in or out aside, and those
        # where a modal dialog makes the list inert to elementsFromPoint).
        # After a width change the sampler, which runs before the frame's ResizeObserver, sees rows re-wrapped but
        # not yet placed again, a state never painted: that step is held to its settled state only.
        blank = [(round(f["t"] - frames[0]["t"]), round(f["rows"] + f["placeholders"], 3)) for f in frames
                 if f["rows"] + f["placeholders"] < 0.98 and not f["animations"] and not f["modal"]
                 and name != "resize" and not self.pulled]
        assert not blank, f"frames (ms, covered) with the background showing: {blank[:10]}"
        # Covered by rows within COVER_MS of the scrolling stopping, and from then on.
        # (from the last frame where the scroller moved or rows were animated: batch animations slide rows apart)
        last_move = max([n for n in range(1, len(frames)) if abs(frames[n]["top"] - frames[n - 1]["top"]) >= 1
                         or frames[n]["animations"] or frames[n]["modal"]] or [0])
        short = [n for n in range(last_move, len(frames)) if frames[n]["rows"] < 0.99]
        covered_at = (short[-1] + 1) if short else last_move
        assert covered_at < len(frames), f"rows never covered the viewport: {frames[-1]['rows']:.3f}"
        waited = frames[covered_at]["t"] - frames[last_move]["t"]
        if name != "search" and not self.pulled:  # a search waits 150 ms for typing to pause first
            assert waited <= COVER_MS, f"rows covered the viewport {waited:.0f} ms after the scrolling stopped"
        # The anchored row stays where it is while the scroller stands still and nothing animates: the first
        # visible row, or at the end the last one by its bottom (after End the end stays the end: when the
        # table's last rows arrive there at other heights than estimated, the rows above move by the difference).
        for before, after in zip(frames, frames[1:]):
            if abs(before["top"] - after["top"]) >= 1 or before["animations"] or after["animations"]:
                continue
            if name in ("search", "resize") or self.pulled or not before["visible"]:
                continue
            edge = 2 if before["atEnd"] and after["atEnd"] else 1
            anchor = before["visible"][-1 if edge == 2 else 0]
            if edge == 2 and after["visible"] and after["visible"][-1][0] != anchor[0]:
                continue  # the table's last rows arrived under the bottom: the end is theirs to keep
            now = {row[0]: row[edge] for row in after["visible"]}.get(anchor[0])
            assert now is None or abs(now - anchor[edge]) <= 1, \
                f"row {anchor[0]} moved from {anchor[edge]:.0f} to {now:.0f} while the scroller stood still"
        # Reading order.
        read = state["read"]
        by_table = sorted(read, key=lambda item: item["y"])
        assert [i["key"] for i in read] == [i["key"] for i in by_table], "DOM order is not the table's order"
        on_screen = [i for i in read if not i["pinned"]]
        assert [i["key"] for i in on_screen] == [i["key"] for i in sorted(on_screen, key=lambda i: i["top"])], \
            "DOM order is not screen order"
        assert state["elements"] <= MAX_ELEMENTS, f"{state['elements']} elements in the layer"
        assert state["focus"] in ("body", "live"), f"the focus is on {state['focus']}"
        if self.expect_selected is not None:
            seen = [None]

            def counted(d):
                text = d.execute_script(PAGE_STATE)["selected"] or ""
                seen[0] = text
                return int("".join(c for c in text if c.isdigit()) or -1) == self.expect_selected
            try:
                wait(b, counted, timeout=3)
            except TimeoutException:
                raise AssertionError(f"the page says {seen[0]!r} 3 s after Select All, the server has "
                                     f"{self.expect_selected:,} rows") from None
        return frames

    def run(self):
        self.start()
        for number in range(self.steps):
            try:
                name, label = self.step()
            except WebDriverException as error:  # a control the step meant to use was not there to use
                raise AssertionError(
                    f"seed {self.seed}, step {number}: {error.msg}\n"
                    f"replay: scripts/random-walk.sh --seed {self.seed} --steps {self.steps}\n" + "\n".join(self.log)
                ) from None
            self.note(f"{number}: {label}")
            frames = []
            try:
                frames = self.settle(name)
                self.check(name, frames)
                self.log[-1] += f" (scrollTop {frames[0]['top']:.0f} → {frames[-1]['top']:.0f}, {len(frames)} frames)"
            except (AssertionError, TimeoutException) as error:
                raise AssertionError(
                    f"seed {self.seed}, step {number} ({label}): {str(error).strip()}\n"
                    f"replay: scripts/random-walk.sh --seed {self.seed} --steps {self.steps}\n" + "\n".join(self.log)
                    + "\nframes (ms, scrollTop, rows, placeholders, animations, fetching):\n"
                    + describe(frames)) from None
        return self.log


def describe(frames):
    """The frames where something changed, one short line each."""
    lines, last = [], None
    for f in frames:
        now = (round(f["top"]), round(f["rows"], 2), round(f["placeholders"], 2), f["animations"], f["busy"])
        if now != last:
            lines.append(f"{f['t'] - frames[0]['t']:7.0f} " + " ".join(map(str, now)))
        last = now
    return "\n".join(lines[:80])


def seeds():
    """The seeds to walk: RANDOM_WALK_SEED's, else new ones for RANDOM_WALK_MINUTES, else CI's."""
    if os.environ.get("RANDOM_WALK_SEED"):
        return [int(os.environ["RANDOM_WALK_SEED"])]
    if os.environ.get("RANDOM_WALK_MINUTES"):
        deadline = time.monotonic() + 60 * float(os.environ["RANDOM_WALK_MINUTES"])
        first = random.randrange(1, 10**6)
        return itertools.takewhile(lambda _: time.monotonic() < deadline, itertools.count(first))
    return CI_SEEDS


def test_random_walks_keep_the_page_covered_ordered_and_bounded(browser, walk_server):
    walked = 0
    try:
        for seed in seeds():
            log = Walk(browser, walk_server, seed, STEPS).run()
            print(f"\nseed {seed}: " + "; ".join(log))
            walked += 1
            browser.get("about:blank")  # the page would report its dataset's deletion as failed fetches
            api(walk_server, "DELETE", f"/api/datasets/walk{seed}")
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        at_width(browser, 480)
    assert walked
