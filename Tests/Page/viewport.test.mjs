// The page's viewport core (Public/page/viewport.js) without a browser: `cd /work/main && node --test Tests/Page/`.
// The page uses it through Public/page/windows.js; Tests/Browser checks the result on screen.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Viewport, clamp } from '../../Public/page/viewport.js';

/// `count` rows of `height` px from server offset `from`, keyed r{start}, r{start + 1}, …
const rows = (count, height, { from = 0, start = 0, section = 0 } = {}) =>
  Array.from({ length: count }, (_, i) => ({ key: `r${start + i}`, y: from + i * height, h: height, section }));

const viewport = ({ height = 500, top = 0, cap } = {}) => Object.assign(new Viewport(cap), { height, top });
const withWindow = (v, list, serverHeight) => (v.setWindow(list, serverHeight), v);
const item = (v, key) => v.items.find(i => i.key === key);
const sizes = object => new Map(Object.entries(object));
const measured = (v, object) => (v.measure(sizes(object)), v);
/// Whether the drawn items cover [from, to], clamped to the content.
const covers = (v, from, to) => v.missing(from, to).isEmpty;
const near = (actual, expected, epsilon = 1e-6) =>
  assert.ok(Math.abs(actual - expected) <= epsilon, `${actual} is not within ${epsilon} of ${expected}`);

/// Drawn items follow each other at their measured sizes, with the server's gaps between them.
const assertStacked = v =>
  v.items.slice(1).forEach((next, i) => {
    const previous = v.items[i];
    near(next.at - previous.at - previous.size, next.y - previous.y - previous.h);
  });

/// Rows 20…39 of 50 px at server offsets 1000…2000 in a 10000 px table, the viewport 10 px into r24.
const scrolledIntoWindow = () => withWindow(viewport({ top: 1210 }), rows(20, 50, { from: 1000, start: 20 }), 10000);

/// Two plain sections: h1 with r0…r4, then h2 with r5 and r6; 60 px of footer below.
const sections = () => [
  { key: 'h1', y: 0, h: 30, section: 0, end: 230, header: true },
  ...rows(5, 40, { from: 30 }),
  { key: 'h2', y: 230, h: 30, section: 1, end: 340, header: true },
  ...rows(2, 40, { from: 260, start: 5, section: 1 }),
];

test('clamp', () => assert.deepEqual([clamp(5, 0, 10), clamp(-1, 0, 10), clamp(11, 0, 10)], [5, 0, 10]));

describe('scroll offsets past the element-height cap (a million 44 px rows)', () => {
  const million = () => withWindow(viewport({ height: 900, cap: 1e7 }), [], 44e6);
  const maxScroll = v => v.scrollHeight - v.height;

  test('the scroller is capped and each scroll pixel stands for more content', () => {
    const v = million();
    assert.equal(v.contentHeight, 44e6);
    assert.equal(v.scrollHeight, 1e7);
    assert.equal(v.maxTop, 44e6 - 900);
    assert.ok(v.ratio > 1);
    near(v.ratio, (44e6 - 900) / (1e7 - 900));
    near(v.scrollTopFor(v.maxTop), v.scrollHeight - v.height, 1e-6);
  });

  test("the scroller's ends are the content's ends", () => {
    const v = million(), max = maxScroll(v);
    assert.equal(v.scrolled(max, 0), v.maxTop);
    assert.equal(v.scrolled(0, max), 0);
    assert.equal(v.scrolled(max + 50, 0), v.maxTop, 'overscrolling stops at the end');
  });

  test('a jump maps linearly', () => {
    const v = million();
    near(v.scrolled(3e6, 0), 3e6 * v.ratio, 1e-3);
    v.top -= 5e5; // out of line with the scroller: a jump lands in line again
    near(v.scrolled(7e6, 3e6), 7e6 * v.ratio, 1e-3);
    near(v.scrolled(1e6, 7e6), 1e6 * v.ratio, 1e-3);
  });

  test('small moves forward keep increasing and reach the last row exactly', () => {
    const v = million(), max = maxScroll(v);
    v.scrolled(max / 2, 0);
    v.top -= 5e5; // out of line with the scroller, e.g. after measured corrections
    let position = max / 2, previous = v.top, beforeLast;
    while (position < max) {
      const to = Math.min(max, position + 120);
      beforeLast = previous;
      const top = v.scrolled(to, position);
      assert.ok(top > previous, `scrolling ${position} → ${to} moved the content from ${previous} to ${top}`);
      previous = top;
      position = to;
    }
    assert.equal(v.top, v.maxTop);
    assert.ok(v.maxTop - beforeLast < v.height, 'no leap at the end: the speed reaches both ends together');
  });

  test('small moves back keep decreasing and reach the first row exactly', () => {
    const v = million();
    v.scrolled(2e6, 0);
    v.top += 3e5;
    let position = 2e6, previous = v.top, beforeLast;
    while (position > 0) {
      const to = Math.max(0, position - 120);
      beforeLast = previous;
      const top = v.scrolled(to, position);
      assert.ok(top < previous, `scrolling ${position} → ${to} moved the content from ${previous} to ${top}`);
      previous = top;
      position = to;
    }
    assert.equal(v.top, 0);
    assert.ok(beforeLast < v.height, 'no leap at the start');
  });

  test('wheel, keys and touch move the content by their delta; the ends stay the ends', () => {
    const v = million(), max = maxScroll(v);
    v.scrolled(3e6, 0);
    const start = v.top;
    assert.equal(v.scrolled(3e6 + 120, 3e6, true), start + 120);
    assert.equal(v.scrolled(3e6 + 120 - 2000, 3e6 + 120, true), start + 120 - 2000, 'PageUp: its delta too');
    assert.equal(v.scrolled(max, max - 300, true), v.maxTop, 'End');
    assert.equal(v.scrolled(0, 300, true), 0, 'Home');
  });

  test('under the cap, scroll offsets are content offsets', () => {
    const v = withWindow(viewport({ height: 900, cap: 1e7 }), [], 5000);
    assert.equal(v.ratio, 1);
    assert.equal(v.scrollHeight, 5000);
    assert.equal(v.scrolled(1234, 0), 1234);
    assert.equal(v.scrolled(1200, 1234), 1200);
    assert.equal(v.scrolled(4000, 1200), 4000, 'a jump too');
    assert.equal(v.scrolled(9999, 4000), v.maxTop);
    assert.equal(v.scrollTopFor(1234), 1234);
    v.setWindow([], 1e7);
    assert.equal(v.ratio, 1, 'exactly at the cap');
  });
});

describe('setWindow', () => {
  test('a window that reaches the end after a jump there puts the last row at the bottom', () => {
    const v = withWindow(viewport({ height: 300 }), rows(20, 40), 4000);
    v.top = v.scrolled(v.maxTop, 0); // End
    const last = rows(12, 40, { from: 3520, start: 88 }).map((r, i) => ({ ...r, size: i % 2 ? 60 : 40 }));
    v.setWindow(last, 4000);
    const bottom = item(v, 'r99');
    assert.equal(bottom.at + bottom.size, v.top + v.height);
    assert.equal(v.top, v.maxTop, 'End shows the last row');
    assert.equal(v.top, 3700, 'without moving the scroll position');
  });

  test('keeps the first visible item at its offset when the rows above it changed', () => {
    const v = scrolledIntoWindow();
    assert.deepEqual(v.anchors()[0], { key: 'r24', offset: -10 });
    // The server now has 100 px more above; r18 arrives measured taller, r22 shorter.
    const measured = { r18: 90, r22: 30 };
    v.setWindow(rows(20, 50, { from: 900, start: 16 }).map(r => ({ ...r, size: measured[r.key] })), 10100);
    assert.deepEqual(v.anchors()[0], { key: 'r24', offset: -10 }, 'not r22, which now holds server offset 1210');
    assert.equal(v.top, 1210, 'the scroll position stays');
    assert.equal(item(v, 'r16').at, 1200 - 6 * 50 - 90 - 30, 'the rows above stack up from the anchor');
    near(v.toServer(item(v, 'r16').at / 2), 450, 1e-9, 'the region above maps linearly onto the room left');
    assert.equal(v.end, 1750 + 50 - 1900);
    assertStacked(v);
  });

  test('keeps earlier measured sizes', () => {
    const v = scrolledIntoWindow();
    v.measure(sizes({ r21: 75 }));
    v.setWindow(rows(20, 50, { from: 900, start: 18 }), 10000);
    assert.equal(item(v, 'r21').size, 75);
    assert.equal(item(v, 'r18').size, 50);
    assert.equal(item(v, 'r18').at, 875, 'r21 grew above the anchor: the rows above it moved up');
    assert.equal(v.end, 0);
  });

  test('at the very top keeps the content offset, so a row inserted at the top shows', () => {
    const v = withWindow(viewport({ height: 300 }), rows(10, 40), 400);
    v.setWindow([{ key: 'new', y: 0, h: 40, section: 0 }, ...rows(10, 40, { from: 40 })], 440);
    assert.equal(v.top, 0);
    assert.deepEqual(v.anchors()[0], { key: 'new', offset: 0 });
    assert.equal(item(v, 'r0').at, 40);
  });

  test('below the top, the same insert leaves the visible rows in place', () => {
    const v = withWindow(viewport({ height: 300, top: 10 }), rows(10, 40), 400);
    v.setWindow([{ key: 'new', y: 0, h: 40, section: 0 }, ...rows(10, 40, { from: 40 })], 440);
    assert.deepEqual(v.anchors()[0], { key: 'r0', offset: -10 });
    assert.equal(v.top, 50);
  });
});

describe('measure', () => {
  test('reports whether anything changed by more than 0.01 px', () => {
    const v = withWindow(viewport(), rows(5, 40), 200);
    assert.equal(v.measure(sizes({ r0: 40.005, r1: 40, unknown: 99 })), false);
    assert.equal(item(v, 'r0').size, 40);
    assert.equal(v.measure(sizes({ r0: 40.02 })), true);
    assert.equal(item(v, 'r0').size, 40.02);
  });

  test('keeps the anchor and the scroll position; the content height follows the deltas below the anchor', () => {
    const v = scrolledIntoWindow();
    assert.equal(v.measure(sizes({ r20: 80, r22: 30, r24: 70, r30: 100 })), true);
    assert.deepEqual(v.anchors()[0], { key: 'r24', offset: -10 });
    assert.equal(v.top, 1210);
    assert.equal(v.items[0].at, 1000 - 30 + 20, 'the deltas above the anchor move the rows above it');
    assert.equal(v.end, 20 + 50);
    assert.equal(v.contentHeight, 10070);
    assertStacked(v);
    v.top = 1260; // 60 px into r24, past its 50 px estimate
    v.measure(sizes({ r30: 20 }));
    assert.deepEqual(v.anchors()[0], { key: 'r24', offset: -60 });
    assert.equal(v.end, 20 - 30);
    assert.equal(v.contentHeight, 9990);
    assertStacked(v);
  });

  test('near the top, the first row of the table stays at 0 and top moves by exactly the change above', () => {
    const v = withWindow(viewport({ height: 200, top: 130 }), rows(10, 40), 400);
    assert.deepEqual(v.anchors()[0], { key: 'r3', offset: -10 });
    v.measure(sizes({ r0: 60, r1: 30 })); // +10 above the viewport
    assert.equal(item(v, 'r0').at, 0);
    assert.equal(v.top, 140);
    assert.deepEqual(v.anchors()[0], { key: 'r3', offset: -10 }, 'what is on screen did not move');
    assertStacked(v);
  });

  test('at the end, the last row stays at the bottom while rows are measured', () => {
    const v = withWindow(viewport({ height: 200 }), rows(10, 40, { from: 600, start: 15 }), 1000);
    v.top = v.maxTop;
    assert.ok(v.atEnd);
    v.measure(sizes({ r24: 70, r23: 20, r22: 55 }));
    const last = item(v, 'r24');
    assert.equal(last.at + last.size, v.top + v.height, 'the last row ends at the viewport’s bottom');
    assert.equal(v.top, v.maxTop, 'and that is still the end');
    assert.equal(v.top, 800, 'the scroll position stays');
    assertStacked(v);
  });

  test("keeps the server's gaps between items (section spacing)", () => {
    const list = sections().map(i => (i.section === 1 ? { ...i, y: i.y + 20 } : i)); // 20 px between sections
    const v = withWindow(viewport({ height: 100, top: 300 }), list, 420);
    v.top = 280; // r5's top
    v.measure(sizes({ h1: 50, r1: 60, r6: 20 }));
    assert.deepEqual(v.anchors()[0], { key: 'r5', offset: 0 });
    assert.equal(item(v, 'h2').at - item(v, 'r4').at - item(v, 'r4').size, 20);
    assert.equal(v.end, 20 + 20 - 20);
    assertStacked(v);
  });
});

describe('toServer', () => {
  // r20…r39 drawn from 1000; r22 measured 80 (+30), r25 40 (-10): `end` is 20.
  const measuredWindow = () =>
    measured(withWindow(viewport(), rows(20, 50, { from: 1000, start: 20 }), 10000), { r22: 80, r25: 40 });

  test('is the identity above the first drawn item', () => {
    const v = measuredWindow();
    assert.equal(v.items[0].at, 1000);
    assert.equal(v.toServer(0), 0);
    assert.equal(v.toServer(600), 600);
    assert.equal(v.toServer(999.5), 999.5);
  });

  test('shifts by end past the last drawn item', () => {
    const v = measuredWindow();
    assert.equal(v.end, 20);
    assert.equal(v.toServer(2020), 2000);
    assert.equal(v.toServer(3000), 2980);
  });

  test('within an item is clamped to its estimate', () => {
    const v = measuredWindow();
    assert.equal(v.toServer(1050), 1050, 'before any measured change');
    assert.equal(v.toServer(1120), 1120, 'within r22’s estimate');
    assert.equal(v.toServer(1170), 1150, 'past r22’s estimate: its end');
    assert.equal(v.toServer(1190), 1160, 'r23, drawn 30 px lower');
    assert.equal(v.toServer(1310), 1280, 'r25, drawn at 1280 for 1250');
  });
  test('within a gap between sections is 1:1', () => {
    const v = withWindow(viewport({ height: 100 }), [
      ...rows(3, 40), { key: 'h1', y: 140, h: 30, section: 1, header: true }, ...rows(1, 40, { from: 170, start: 3, section: 1 }),
    ], 1000);
    assert.deepEqual([120, 125, 130, 139.9, 140].map(o => v.toServer(o)), [120, 125, 130, 139.9, 140]);
  });
});

describe('covers and request', () => {
  test('request is the viewport ± 3/4 of its height, in server offsets', () => {
    const v = withWindow(viewport({ height: 400, top: 1100 }), rows(20, 50, { from: 1000, start: 20 }), 10000);
    assert.deepEqual(v.request(), { top: 800, height: 1000 });
    v.measure(sizes({ r22: 80 }));
    assert.deepEqual(v.anchors()[0], { key: 'r22', offset: 0 });
    assert.deepEqual(v.request(), { top: 800, height: 970 }, 'the 30 px drawn past r22 are not the server’s');
    v.top = 1100.4;
    assert.deepEqual(v.request(), { top: 800, height: 971 }, 'top rounded down, bottom up');
    v.top = 100;
    assert.deepEqual(v.request(), { top: 0, height: 800 }, 'not above the table');
    v.height = 3e4;
    assert.deepEqual(v.request(), { top: 0, height: 2e4 }, 'at most 20000 px');
  });

  test('missing says whether the drawn items span a range, clamped to the content', () => {
    const v = withWindow(viewport({ height: 400, top: 1100 }), rows(20, 50, { from: 1000, start: 20 }), 10000);
    v.measure(sizes({ r22: 80 }));
    assert.equal(covers(v, 1000, 2030), true);
    assert.equal(covers(v, 999, 1500), false);
    assert.equal(covers(v, 1500, 2031), false);
    assert.equal(covers(v, 1500, 1500), true, 'an empty range');
    const whole = withWindow(viewport({ height: 400 }), rows(10, 40), 400);
    assert.equal(covers(whole, -100, 1000), true);
    whole.setWindow(rows(10, 40), 500);
    assert.equal(covers(whole, -100, 1000), false);
    assert.equal(covers(whole, -100, 400), true);
    const empty = withWindow(viewport(), [], 0);
    assert.equal(covers(empty, 0, 100), true, 'no content to cover');
    empty.setWindow([], 100);
    assert.equal(covers(empty, 0, 50), false);
  });
});

describe('toCover', () => {
  // Rows 20…39 of 50 px at 1000…2000 in a 100,000 px table; the viewport (400 px) at 1100, overscan 300 px.
  const drawn = () => withWindow(viewport({ height: 400, top: 1100 }), rows(20, 50, { from: 1000, start: 20 }), 1e5);

  test('is what is missing of the viewport ± 3/4 of its height when the view stands still', () => {
    const v = drawn();
    assert.deepEqual(v.toCover().list, [[800, 1000]]);
    v.top = 1700;
    assert.deepEqual(v.toCover().list, [[2000, 2400]]);
  });

  test('reaches ahead of a fast scroll by its lead, in its direction only, by at most ten heights', () => {
    // A smooth scroll moving 3000 px a frame shows the next frame before the page hears of it (issue 51's walk:
    // End on a search of 1,584 rows left 6 frames blank).
    const v = drawn();
    v.top = 1700;
    assert.deepEqual(v.toCover(3000).list, [[2000, 5400]]);
    assert.deepEqual(v.toCover(-900).list, [[500, 1000], [2000, 2400]]);
    assert.deepEqual(v.toCover(1e6).list, [[2000, 2400 + 4000]]);
  });

  test('reaches on to where End or Home is headed, whatever the lead', () => {
    const v = drawn();
    v.top = 1700;
    assert.deepEqual(v.toCover(-5000, 3500).list, [[2000, 4200]], 'End: on to the destination ± overscan');
    assert.deepEqual(v.toCover(0, 0).list, [[0, 1000], [2000, 2400]], 'Home: back to the top');
    assert.deepEqual(v.toCover(0, 5e4).list, [[2000, 5e4 + 700]], 'all the way');
    assert.deepEqual(v.toCover(0, 1e7).list, [[2000, 1e5]], 'to the end of the content');
    v.serverHeight = 5e7;
    assert.deepEqual(v.toCover(0, 5e7).list, [[2000, 1700 + 1e7 + 700]], 'by at most the element-height cap');
  });

  test('is empty while nothing is drawn yet', () => {
    assert.equal(withWindow(viewport(), [], 5000).toCover(100).isEmpty, true);
  });
});

describe('pinnedAt', () => {
  const table = () => withWindow(viewport({ height: 100 }), sections(), 400);
  const at = (v, key, top) => ((v.top = top), v.pinnedAt(v.items.findIndex(i => i.key === key)));

  test('a header pins at the top while its section passes, then the next header pushes it up', () => {
    const v = table();
    assert.equal(at(v, 'h1', 0), 0);
    assert.equal(at(v, 'h1', 100), 100);
    assert.equal(at(v, 'h1', 210), 200, 'pushed up by h2 at 230');
    assert.equal(at(v, 'h1', 229), 200);
    assert.equal(at(v, 'h1', 250), 0, 'its section has passed: its own offset');
  });

  test('a header below the top stays at its own offset', () => {
    const v = table();
    assert.equal(at(v, 'h2', 100), 230);
    assert.equal(at(v, 'h2', 230), 230);
  });

  test('the last drawn section ends at its server end, shifted by measured sizes', () => {
    const v = table();
    assert.equal(at(v, 'h2', 300), 300);
    assert.equal(at(v, 'h2', 320), 310);
    assert.equal(at(v, 'h2', 345), 230);
    v.top = 0;
    v.measure(sizes({ r6: 60 }));
    assert.equal(v.end, 20);
    assert.equal(at(v, 'h2', 320), 320);
    assert.equal(at(v, 'h2', 345), 330);
  });
});

describe('firstVisible', () => {
  test('is the first item whose bottom is below the top, among those accepted', () => {
    const v = withWindow(viewport({ height: 100 }), sections(), 400);
    const key = (top, accept) => ((v.top = top), v.firstVisible(accept)?.key);
    assert.equal(key(0), 'h1');
    assert.equal(key(45), 'r0');
    assert.equal(key(70), 'r1', 'r0 ends exactly at the top');
    assert.equal(key(45, i => i.header), 'h2');
    assert.equal(key(300, i => i.header), undefined);
  });
});
