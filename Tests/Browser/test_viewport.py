"""The page's viewport core, without layout: page/viewport.js imported on a page that has no table, fed plain
numbers (content height, the mapping past the element-height cap, anchor, measured corrections, what to fetch)."""
import pytest

from conftest import wait

RUN = """
const done = arguments[arguments.length - 1];
import('/page/viewport.js').then(m => { try { done(JSON.stringify((%s)(cap => new m.Viewport(cap)))); } catch (e) { done('error: ' + e.stack); } },
  e => done('error: ' + e));
"""


@pytest.fixture()
def core(browser, server):
    browser.get(server.url + "/")
    wait(browser, lambda d: d.execute_script("return document.readyState") == "complete")
    browser.set_script_timeout(10)

    def run(function):
        import json
        out = browser.execute_async_script(RUN % function)
        assert not out.startswith("error"), out
        return json.loads(out)
    return run


def rows(n, h, y0=0, start=0):
    return f"Array.from({{length: {n}}}, (_, i) => ({{key: 'r' + ({start} + i), y: {y0} + i * {h}, h: {h}, section: 0}}))"


def test_a_million_rows_past_the_cap_keep_every_row_reachable(core):
    out = core("""create => {
      const v = create(1e7); v.height = 900; v.setWindow([], 44e6);
      const max = v.scrollHeight - v.height, r = [v.scrollHeight, v.ratio];
      r.push(v.scrolled(max, 0), v.scrolled(0, max), v.scrolled(max / 2, 0));
      let top = v.top, p = max / 2, ok = true;
      for (let i = 0; i < 1e6 && p < max; i++) { const to = Math.min(max, p + 120); const t = v.scrolled(to, p); ok = ok && t > top; top = t; p = to; }
      r.push(ok, v.top, v.maxTop, Math.round(v.scrollTopFor(v.maxTop)));
      return r; }""")
    height, ratio, at_end, at_start, middle, monotonic, top, max_top, scroll_top = out
    assert height == 1e7 and ratio > 4
    assert at_end == 44e6 - 900 and at_start == 0
    assert abs(middle - (44e6 - 900) / 2) < 1
    assert monotonic and top == max_top, "small scrolls past the middle reach the last row"
    assert scroll_top == 1e7 - 900


def test_measured_sizes_keep_the_anchor_and_correct_the_content_height(core):
    out = core(f"""create => {{
      const v = create(); v.height = 500; v.top = 1200;
      v.setWindow({rows(20, 50, 1000, 20)}, 10000);
      const before = v.anchors()[0];
      v.measure(new Map(v.items.map((i, n) => [i.key, 50 + n * 3])));
      const after = v.anchors().find(a => a.key === before.key);
      const it = v.items, stacked = it.every((x, n) => !n || Math.abs(x.at - it[n - 1].at - it[n - 1].size) < 1e-6);
      return [before, after, it[0].at, it[0].y, stacked, v.contentHeight, v.end, v.toServer(it[5].at)]; }}""")
    before, after, first_at, first_y, stacked, content, end, server_y = out
    assert before["key"] == "r24" and after["key"] == "r24"
    assert abs(after["offset"] - before["offset"]) < 1e-6, "the first visible row does not move"
    assert first_at == first_y, "above the drawn rows, offsets are the server's"
    assert stacked
    assert end == sum(n * 3 for n in range(20)) and content == 10000 + end
    assert server_y == 1250


def test_a_window_that_no_longer_has_the_anchor_places_rows_by_the_server_and_a_new_one_keeps_it(core):
    out = core(f"""create => {{
      const v = create(); v.height = 400; v.top = 0;
      v.setWindow({rows(10, 40)}, 4000);
      v.measure(new Map(v.items.map(i => [i.key, 60])));
      v.top = 200;
      const a = v.anchors()[0];
      v.setWindow({rows(15, 40, 120, 3)}, 4000);
      const kept = v.anchors().find(x => x.key === a.key);
      v.top = 3000;
      v.setWindow({rows(10, 40, 2960, 74)}, 4000);
      return [a, kept, v.items[0].at, v.top, v.request(), v.covers(2960, 3300), v.covers(0, 100)]; }}""")
    anchor, kept, first_at, top, request, covers, covers_top = out
    assert kept and abs(kept["offset"] - anchor["offset"]) < 1e-6
    # A jump past the drawn rows lands where the server has that offset: 3000 less the 140 px measured above.
    assert first_at == 2960 and top == 2860
    assert request == {"top": 2560, "height": 1000}
    assert covers and not covers_top


def test_a_pinned_header_holds_the_top_until_its_section_ends(core):
    out = core("""create => {
      const v = create(); v.height = 300; v.top = 0;
      v.setWindow([{key: 'h1', y: 0, h: 30, section: 0, end: 230, header: true},
                   ...Array.from({length: 5}, (_, i) => ({key: 'r' + i, y: 30 + 40 * i, h: 40, section: 0})),
                   {key: 'h2', y: 230, h: 30, section: 1, end: 400, header: true}], 400);
      const at = t => ((v.top = t), v.pinnedAt(0));
      return [at(0), at(100), at(210), at(250)]; }""")
    assert out == [0, 100, 200, 0]
