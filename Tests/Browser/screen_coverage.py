"""How much of the list's viewport the page covers, measured on screen, and waiting for the page to settle.

Coverage is sampled with `document.elementsFromPoint` every 4 px down the middle of the scroller's visible
height: a point is covered by rows when the list's topmost element there is an item the page drew (a row, a
header, a footer), by placeholders when it is a placeholder row, and uncovered when it is the plain background.
"""

import time

from conftest import wait

# Counts the page's fetches, so that a test can wait until none is on its way (installed once per page).
COUNT_FETCHES = """
if (!window.fetchCount) {
  const real = window.fetch, count = (window.fetchCount = { started: 0, finished: 0 });
  window.fetch = (...args) => {
    count.started++;
    const done = () => count.finished++;
    const promise = real(...args);
    promise.then(response => response.clone().arrayBuffer().then(done, done), done);
    return promise;
  };
}
"""

COVERAGE = """
const scroller = document.querySelector('[data-role=scroller]'), box = scroller.getBoundingClientRect();
const x = box.left + scroller.clientWidth / 2, samples = [];
for (let y = box.top + 2; y < box.top + scroller.clientHeight; y += 4) samples.push(y);
let rows = 0, placeholders = 0;
for (const y of samples) {
  // The topmost element of the list there: a message over the list (a toast, Reconnecting…) is not the list's.
  const item = document.elementsFromPoint(x, y).find(e => scroller.contains(e))?.closest('.layer > *');
  if (!item) continue;
  if (item.matches('[data-role=placeholder]')) placeholders++;
  else rows++;
}
return [rows / samples.length, placeholders / samples.length];
"""

# Resolves once no fetch has been on its way, nor started, for `quiet` animation frames (at most 5 s).
SETTLE = """
const done = arguments[arguments.length - 1], quiet = arguments[0], count = window.fetchCount;
const start = performance.now();
let still = 0, seen = -1;
const check = () => {
  const idle = count.started === count.finished && count.started === seen;
  seen = count.started;
  still = idle ? still + 1 : 0;
  if (still >= quiet || performance.now() - start > 5000) done(performance.now() - start);
  else requestAnimationFrame(check);
};
requestAnimationFrame(check);
"""


# Records the coverage of every frame for `duration` ms into window.frameCoverage (rows, placeholders), and
# with `step` px scrolls the scroller by that much every frame first (a scroll bar dragged).
RECORD_FRAMES = """
const duration = arguments[0], step = arguments[1], scroller = document.querySelector('[data-role=scroller]');
const measure = new Function(arguments[2]), frames = (window.frameCoverage = []), start = performance.now();
window.recording = true;
const frame = () => {
  frames.push(measure());
  if (performance.now() - start > duration) return (window.recording = false);
  if (step) scroller.scrollTop += step;
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
"""


def record_frames(driver, duration, step=0):
    """Starts recording each frame's coverage (see RECORD_FRAMES); `recorded_frames` waits for the end."""
    driver.execute_script(RECORD_FRAMES, duration, step, COVERAGE)


def recorded_frames(driver):
    wait(driver, lambda d: d.execute_script("return window.recording === false"), timeout=30)
    return driver.execute_script("return window.frameCoverage")


def count_fetches(driver):
    driver.execute_script(COUNT_FETCHES)


def coverage(driver):
    """The fractions of the viewport covered by rows and by placeholders."""
    return driver.execute_script(COVERAGE)


def settle(driver, quiet=6):
    """Waits until the page has neither fetched nor been fetching for `quiet` frames; returns the time taken."""
    driver.set_script_timeout(10)
    return driver.execute_async_script(SETTLE, quiet)


def covered_by_rows(driver, at_least=0.99, timeout=3):
    """Waits until rows cover `at_least` of the viewport; returns the rows' and placeholders' fractions then,
    or the last ones seen when they never do."""
    seen = [0, 0]

    def enough(d):
        seen[:] = coverage(d)
        return seen[0] >= at_least

    try:
        wait(driver, enough, timeout=timeout)
    except Exception:
        pass
    return tuple(seen)


def scroll_to(driver, top):
    driver.execute_script("document.querySelector('[data-role=scroller]').scrollTop = arguments[0]", top)


def scroll_by(driver, delta):
    driver.execute_script("document.querySelector('[data-role=scroller]').scrollTop += arguments[0]", delta)


def touch_fling(driver, x, start, distance):
    """A finger moving `distance` px up the screen from `start` in six moves 16 ms apart, then lifted. The
    events carry their own timestamps, so the fling's speed is the same however slowly the machine sends them
    (sent with none, a busy machine's gaps left no momentum at all)."""
    began = time.time()

    def send(kind, points, step):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                               {"type": kind, "touchPoints": points, "timestamp": began + step * 0.016})

    send("touchStart", [{"x": x, "y": start}], 0)
    for n in range(1, 7):
        send("touchMove", [{"x": x, "y": start - distance * n // 6}], n)
    send("touchEnd", [], 7)
