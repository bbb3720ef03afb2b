// Coverage as an invariant: the viewport core's drawn, missing and asked-for ranges against naive oracles on
// seeded random tables, windows and heights, and scrolling walks that fetch what the core asks for and find
// the viewport covered after every step. `cd /work/main && node --test Tests/Page/`.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Ranges, Viewport } from '../../Public/page/viewport.js';
import { seeded } from './seeded.mjs';

/// Whether `ranges` holds `offset`.
const holds = (ranges, offset) => ranges.list.some(([from, to]) => from <= offset && offset < to);

// ---- a naive table, laid out as the server lays it out ----

/// Random sections (some empty, some long, one sometimes huge) flattened into items with server offsets, in
/// table order; `index` numbers the listed items (height-0 ones are never listed).
function naiveTable(random, { style = random.pick(['plain', 'grouped']), huge = random.chance(0.2) } = {}) {
  const items = [], spacing = style === 'plain' ? 0 : random.pick([0, 20, 35]);
  const sections = random.int(1, 14), rowHeight = random.pick([44, 60, 72, 76]);
  let y = 0;
  for (let section = 0; section < sections; section++) {
    const count = huge && section === 1 ? 2000 : random.chance(0.2) ? 0 : random.int(1, random.pick([5, 30, 200]));
    const header = random.pick([0, 28, 44]), footer = random.pick([0, 0, 18]);
    if (items.length && (count || header || footer)) y += spacing; // between sections that show something
    const start = y, list = [];
    if (header) list.push({ key: `h${section}`, y, h: header, section, header: true }), (y += header);
    for (let row = 0; row < count; row++) {
      const h = random.chance(0.3) ? random.int(30, 140) : rowHeight;
      list.push({ key: `r${section}.${row}`, y, h, section }), (y += h);
    }
    if (footer) list.push({ key: `f${section}`, y, h: footer, section }), (y += footer);
    for (const item of list) items.push({ ...item, end: y, start });
  }
  items.forEach((item, index) => (item.index = index));
  const height = y;
  /// The server's window over [top, top + size): the items that meet it and, in plain style, the header of the
  /// section under `top` at its own offset (for pinning), when it is above the window.
  const window = (top, size) => {
    const list = items.filter(item => item.y < top + size && item.y + item.h > top);
    const under = items.find(item => item.y <= top && top < item.y + item.h);
    const header = under && style === 'plain' && items.find(item => item.header && item.section === under.section);
    if (header && !list.includes(header)) list.unshift(header);
    return list.map(({ key, y, h, section, end, header }) => ({ key, y, h, section, end, header: !!header }));
  };
  return { items, height, style, window, byKey: new Map(items.map(item => [item.key, item])) };
}

/// Sizes as the browser measures them: most at the estimate, some taller or shorter, the same for a key always.
function measuredSizes(random, table) {
  const sizes = new Map();
  for (const item of table.items) {
    const change = random.chance(0.5) ? 0 : random.int(-Math.floor(item.h / 2), item.h);
    sizes.set(item.key, item.h + change);
  }
  return sizes;
}

/// A viewport showing the server window around `serverTop` with `sizes`.
function viewportWith(table, sizes, { height, serverTop, top }) {
  const viewport = Object.assign(new Viewport(), { height, top });
  const list = table.window(Math.max(0, serverTop - height * 0.75), height * 2.5);
  viewport.setWindow(list.map(item => ({ ...item, size: sizes.get(item.key) })), table.height);
  return viewport;
}

// ---- the oracle: pixel by pixel ----

/// Whether the pixel centred at `offset` is drawn: inside an item at its own place, or between two items that
/// follow each other in the table (their spacing). A header carried above the window follows nothing drawn.
function drawnByPixel(viewport, table, offset) {
  const items = viewport.items;
  return items.some((item, i) => {
    if (item.at <= offset && offset < item.at + item.size) return true;
    const next = items[i + 1];
    return !!next && table.byKey.get(next.key).index === table.byKey.get(item.key).index + 1 &&
      item.at + item.size <= offset && offset < next.at;
  });
}

/// The pixels of [from, to) (clamped to the content) as booleans, by `covered` at their centres.
function pixels(viewport, from, to, covered) {
  const result = [];
  for (let p = Math.floor(Math.max(0, from)); p + 0.5 < Math.min(viewport.contentHeight, to); p++) result.push(covered(p + 0.5));
  return result;
}

/// The first pixel where two bitmaps differ, for a readable failure.
function firstDifference(a, b, from) {
  const index = a.findIndex((value, i) => value !== b[i]);
  return index < 0 ? null : { offset: Math.floor(Math.max(0, from)) + index, core: a[index], oracle: b[index] };
}

describe('Ranges', () => {
  test('sorts and merges touching and overlapping pairs, drops empty ones, and subtracts', () => {
    const ranges = new Ranges([[30, 40], [10, 20], [20, 25], [38, 50], [5, 5], [9, 3]]);
    assert.deepEqual(ranges.list, [[10, 25], [30, 50]]);
    assert.deepEqual(ranges.minus(new Ranges([[0, 12], [24, 31], [45, 46]])).list, [[12, 24], [31, 45], [46, 50]]);
    assert.deepEqual(new Ranges([[0, 10]]).minus(new Ranges([[-Infinity, Infinity]])).list, []);
    assert.ok(holds(ranges, 10) && !holds(ranges, 25) && holds(ranges, 49.9));
  });

  test('equal a bitmap on random sets (200 seeds)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = seeded(seed), bitsA = [], bitsB = [];
      const randomPairs = bits => Array.from({ length: random.int(0, 8) }, () => {
        const from = random.int(0, 90), to = from + random.int(0, 20);
        for (let p = from; p < to; p++) bits[p] = true;
        return [from, to];
      });
      const a = new Ranges(randomPairs(bitsA)), b = new Ranges(randomPairs(bitsB)), difference = a.minus(b);
      for (let p = 0; p < 115; p++) {
        assert.equal(holds(a, p + 0.5), !!bitsA[p], `seed ${seed}: ${p} in a`);
        assert.equal(holds(difference, p + 0.5), !!bitsA[p] && !bitsB[p], `seed ${seed}: ${p} in a − b`);
      }
      for (const set of [a, difference])
        set.list.forEach(([from, to], i) => assert.ok(from < to && (i === 0 || set.list[i - 1][1] < from), `seed ${seed}: sorted, disjoint`));
    }
  });
});

describe('what is drawn and missing, against the pixel oracle', () => {
  test('on random tables, windows and measured heights (300 seeds)', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const random = seeded(seed), table = naiveTable(random), sizes = measuredSizes(random, table);
      const height = random.pick([300, 640, 900]), serverTop = random.int(0, Math.max(0, table.height - 1));
      const viewport = viewportWith(table, sizes, { height, serverTop, top: serverTop });
      // Then the viewport moves anywhere near what is drawn, as scrolling does before the next window.
      viewport.top = Math.max(0, Math.min(viewport.maxTop, viewport.top + random.int(-2 * height, 2 * height)));
      const from = viewport.top - height, to = viewport.top + 2 * height;
      const missing = viewport.missing(from, to);
      const core = pixels(viewport, from, to, offset => !holds(missing, offset));
      const oracle = pixels(viewport, from, to, offset => drawnByPixel(viewport, table, offset));
      assert.equal(firstDifference(core, oracle, from), null, `seed ${seed} (${table.style}, top ${viewport.top})`);
      assert.equal(viewport.missing(from, to).isEmpty, !oracle.includes(false), `seed ${seed}: nothing missing`);
    }
  });

  test('a header carried above its rows covers its own place, never the rows under it', () => {
    const random = seeded(7), table = naiveTable(random, { style: 'plain', huge: true });
    const group = table.items.find(item => item.key === 'r1.1000');
    const viewport = viewportWith(table, new Map(), { height: 600, serverTop: group.y, top: group.y });
    const header = viewport.items[0];
    assert.ok(header.header && header.carried && header.section === 1, 'the window starts with its section’s header');
    assert.deepEqual(viewport.drawn().list.length, 2, 'the header and the rows: two ranges');
    viewport.top -= 600; // above the first drawn row (the window began 450 px above), far below the header
    assert.equal(viewport.missing(viewport.top, viewport.top + 600).isEmpty, false);
    assert.ok(viewport.needsWindow(), 'so the rows above are fetched');
  });

  test('a window asked for and on its way stops a second ask for the same range, not for another', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = seeded(seed), table = naiveTable(random), sizes = measuredSizes(random, table);
      const height = random.pick([300, 900]), serverTop = random.int(0, table.height);
      const viewport = viewportWith(table, sizes, { height, serverTop, top: serverTop });
      viewport.top = Math.max(0, Math.min(viewport.maxTop, viewport.top + random.int(-3 * height, 3 * height)));
      const asked = random.int(-height, 2 * height) + viewport.top;
      viewport.asked = new Ranges([[asked, asked + random.int(0, 3 * height)]]);
      const margin = height / 3, from = viewport.top - margin, to = viewport.top + height + margin;
      const oracle = pixels(viewport, from, to, offset => drawnByPixel(viewport, table, offset) || holds(viewport.asked, offset));
      assert.equal(viewport.needsWindow(), oracle.includes(false), `seed ${seed}`);
    }
  });
});

// ---- scrolling walks: the core asks, a naive server answers, the viewport is covered after every step ----

/// A viewport `height` px tall showing the first window, as the page arrives with it.
function opened(table, sizes, height) {
  const viewport = Object.assign(new Viewport(), { height, top: 0 });
  viewport.setWindow(table.window(0, height * 2.5).map(item => ({ ...item, size: sizes.get(item.key) })), table.height);
  assert.ok(viewport.contentHeight > 0 || table.height === 0);
  return viewport;
}

/// Fetches what the core asks for until it asks for nothing (at most 12 windows); returns how many it took.
function settle(viewport, table, sizes) {
  let windows = 0;
  for (; windows < 12 && viewport.needsWindow(); windows++) {
    const { top, height } = viewport.request();
    viewport.setWindow(table.window(top, height).map(item => ({ ...item, size: sizes.get(item.key) })), table.height);
  }
  return windows;
}

/// After settling, the viewport is drawn pixel by pixel (by the oracle, not by the core's own account).
function assertCovered(viewport, table, label) {
  const { top, height } = viewport, drawn = pixels(viewport, top, top + height, offset => drawnByPixel(viewport, table, offset));
  const hole = drawn.indexOf(false);
  assert.ok(hole < 0, `${label}: offset ${Math.floor(top) + hole} is not drawn (top ${top}, ${drawn.filter(d => !d).length} px missing)`);
  assert.equal(viewport.needsWindow(), false, `${label}: still needs a window`);
}

describe('scrolling walks stay covered', () => {
  /// One plain group of `count` rows of `height` px under a 44 px header, windows found by arithmetic.
  const oneGroup = (count, height) => {
    const header = { key: 'h0', y: 0, h: 44, section: 0, header: true, end: 44 + count * height, index: 0 };
    const row = i => ({ key: `r${i}`, y: 44 + height * i, h: height, section: 0, index: i + 1 });
    const byKey = { get: key => (key === 'h0' ? header : row(+key.slice(1))) };
    const window = (top, size) => {
      const first = Math.max(0, Math.floor((top - 44) / height)), last = Math.min(count - 1, Math.ceil((top + size - 44) / height));
      return [header, ...Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => row(first + i))];
    };
    return { height: header.end, byKey, window };
  };
  const estimated = { get: () => undefined }; // every item at its estimate

  test('up in 100 px steps inside one open group of 10,000 rows, after 10,000 px down', () => {
    const table = oneGroup(10000, 60), viewport = opened(table, estimated, 900);
    viewport.top = 10000;
    settle(viewport, table, estimated);
    for (let step = 0; step < 100; step++) {
      viewport.top = Math.max(0, viewport.top - 100);
      settle(viewport, table, estimated);
      assertCovered(viewport, table, `step ${step}`);
    }
  });

  test('a million rows past the element-height cap: scroll bar jumps, then wheel steps and pages both ways', () => {
    const table = oneGroup(1e6, 44), viewport = opened(table, estimated, 900), random = seeded(3);
    let scroller = 0; // the scroll bar's position, which past the cap maps onto content offsets
    const maxScroll = () => viewport.scrollHeight - viewport.height;
    for (let step = 0; step < 120; step++) {
      const jump = step % 10 === 0, delta = random.pick([-100, 100, -900, 900, -40]);
      const to = jump ? random.int(0, maxScroll()) : Math.max(0, Math.min(maxScroll(), scroller + delta));
      viewport.scrolled(to, scroller, !jump);
      scroller = to;
      settle(viewport, table, estimated);
      assertCovered(viewport, table, `step ${step} (${jump ? 'jump' : delta})`);
    }
  });

  test('random walks over random tables: steps, flings and jumps both ways (150 seeds)', () => {
    for (let seed = 1; seed <= +(process.env.WALK_SEEDS ?? 150); seed++) {
      const random = seeded(seed), table = naiveTable(random), sizes = measuredSizes(random, table);
      const viewport = opened(table, sizes, random.pick([300, 640, 900]));
      for (let step = 0; step < 40; step++) {
        const move = random.pick(['step', 'step', 'fling', 'jump', 'end', 'home']);
        const delta = move === 'step' ? random.pick([-100, 100, -40, 60]) : random.int(-3000, 3000);
        if (move === 'jump') viewport.top = random.int(0, viewport.maxTop);
        else if (move === 'end') viewport.top = viewport.maxTop;
        else if (move === 'home') viewport.top = 0;
        else viewport.top = Math.max(0, Math.min(viewport.maxTop, viewport.top + delta));
        settle(viewport, table, sizes);
        assertCovered(viewport, table, `seed ${seed}, step ${step} (${move})`);
      }
    }
  });
});
