// The selection as runs (Public/page/runs.js, which the page's selection.js extends) against a plain set of row
// ids: random tables of sections, random sequences of picks, Shift extensions, Select All and whole sections,
// the count and the `deleteRows` it sends read as the server reads them. `cd /work/main && node --test Tests/Page/`.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Runs } from '../../Public/page/runs.js';
import { seeded } from './seeded.mjs';

/// A table of sections, some empty, its rows' ids unique and out of order (a run is of places, not of ids), every
/// row drawn; `rows` lists the ids in table order.
function randomTable(random) {
  const counts = Array.from({ length: random.int(0, 6) }, () => (random.chance(0.25) ? 0 : random.int(1, random.pick([3, 8, 30]))));
  const total = counts.reduce((sum, count) => sum + count, 0);
  const shuffled = (length, from) => {
    const list = Array.from({ length }, (_, i) => from + i);
    for (let i = length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
  };
  const rowIds = shuffled(total, 100), sectionIds = shuffled(counts.length, 10);
  const sections = counts.map((count, section) => ({ id: sectionIds[section], rows: rowIds.splice(0, count) }));
  const places = new Map();
  sections.forEach(({ rows }, section) => rows.forEach((id, row) => places.set(String(id), { id: String(id), section, row })));
  return {
    sections,
    rows: sections.flatMap(section => section.rows),
    version: 1,
    meta: { version: 1, sections: sections.map(({ id, rows }) => ({ id, rowCount: rows.length })) },
    placeOf: id => places.get(String(id)) ?? null,
  };
}

/// The rows a `deleteRows` deletes, in table order, read as the server reads it: ids; `{from, to}`, every row from
/// one to the other in table order, either first; `{section, toSection}`, every row of the sections from one to
/// the other; each but its exceptions, which must lie in it. A row named twice is refused, as the server does.
function resolve(deleteRows, table) {
  const index = new Map(table.rows.map((id, i) => [id, i]));
  const position = id => {
    assert.ok(index.has(id), `row ${id} is not in the table`);
    return index.get(id);
  };
  const deleted = new Set();
  const take = id => {
    assert.ok(!deleted.has(id), `row ${id} is deleted twice in ${JSON.stringify(deleteRows)}`);
    deleted.add(id);
  };
  for (const item of deleteRows) {
    if (typeof item === 'number') {
      take(table.rows[position(item)]);
      continue;
    }
    let first, last;
    if ('from' in item) [first, last] = [position(item.from), position(item.to)].sort((a, b) => a - b);
    else {
      const sectionAt = id => table.sections.findIndex(section => section.id === id);
      const [low, high] = [sectionAt(item.section), sectionAt(item.toSection)].sort((a, b) => a - b);
      assert.ok(low >= 0, `section ${item.section} or ${item.toSection} is not in the table`);
      const before = table.sections.slice(0, low).reduce((sum, section) => sum + section.rows.length, 0);
      const rows = table.sections.slice(low, high + 1).reduce((sum, section) => sum + section.rows.length, 0);
      [first, last] = [before, before + rows - 1];
    }
    const except = new Set(item.except ?? []);
    for (const id of except) {
      const at = position(id);
      assert.ok(first <= at && at <= last, `row ${id} is excepted from ${JSON.stringify(item)} but not in it`);
    }
    for (let i = first; i <= last; i++) if (!except.has(table.rows[i])) take(table.rows[i]);
  }
  return table.rows.filter(id => deleted.has(id));
}

/// What runs.js promises of its parts after every change: runs in table order and apart, ids outside them,
/// exceptions inside them (or under all).
function assertWellFormed(selection) {
  const key = place => [place.section, place.row];
  const cmp = ([s1, r1], [s2, r2]) => s1 - s2 || r1 - r2;
  const inRun = place => selection.runs.some(run => cmp(key(run.from), key(place)) <= 0 && cmp(key(place), key(run.to)) <= 0);
  selection.runs.forEach((run, i) => {
    assert.ok(cmp(key(run.from), key(run.to)) <= 0, 'a run starts before it ends');
    if (i) assert.ok(cmp(key(selection.runs[i - 1].to), key(run.from)) < 0, 'runs are in table order and apart');
  });
  for (const place of selection.ids.values()) assert.ok(!inRun(place), `id ${place.id} is also in a run`);
  for (const place of selection.except.values()) assert.ok(selection.all || inRun(place), `exception ${place.id} is in no run`);
  for (const id of selection.ids.keys()) assert.ok(!selection.except.has(id), `id ${id} is also an exception`);
}

/// The rows between two ids in table order, both included.
const between = (table, a, b) => {
  const [from, to] = [table.rows.indexOf(a), table.rows.indexOf(b)].sort((x, y) => x - y);
  return table.rows.slice(from, to + 1);
};

/// One random walk: each step changes the selection and a Set of ids the plain way, then compares them.
function walk(seed, steps = 40) {
  const random = seeded(seed), table = randomTable(random), selection = new Runs(table);
  let oracle = new Set(), extension = null; // the Shift extension in progress: {anchor, before, oracle}
  const row = () => random.pick(table.rows);
  const log = [];
  for (let step = 0; step < steps; step++) {
    const actions = table.rows.length ? ['pick', 'toggle', 'add', 'delete', 'run', 'extend', 'section', 'all', 'clear'] : ['all', 'clear'];
    const action = random.pick(actions);
    if (action !== 'extend') extension = null;
    const id = table.rows.length ? row() : null;
    log.push(action === 'all' || action === 'clear' ? action : `${action} ${id}`);
    const context = () => `seed ${seed}, after ${log.join(', ')}`;
    switch (action) {
      case 'pick': // a tap: this row alone
        selection.clear();
        selection.add(id);
        oracle = new Set([id]);
        break;
      case 'toggle': // Ctrl/Cmd+click
        if (selection.has(id)) selection.delete(id), oracle.delete(id);
        else selection.add(id), oracle.add(id);
        break;
      case 'add':
        assert.equal(selection.add(id), selection);
        oracle.add(id);
        break;
      case 'delete':
        assert.equal(selection.delete(id), oracle.delete(id), `delete says whether the row was selected: ${context()}`);
        break;
      case 'run': {
        const other = row();
        log[log.length - 1] += `…${other}`;
        selection.addRun(table.placeOf(id), table.placeOf(other));
        for (const each of between(table, id, other)) oracle.add(each);
        break;
      }
      case 'extend': { // Shift-click: from the anchor to this row, replacing the previous extension from it
        if (!extension) {
          const anchor = row();
          log[log.length - 1] += ` from ${anchor}`;
          extension = { anchor, before: selection.copy(), oracle: new Set(oracle), size: selection.size };
        }
        Object.assign(selection, extension.before.copy().addRun(table.placeOf(extension.anchor), table.placeOf(id)));
        oracle = new Set([...extension.oracle, ...between(table, extension.anchor, id)]);
        assert.equal(extension.before.size, extension.size, `the state before the extension is untouched: ${context()}`);
        break;
      }
      case 'section': { // every row of one section, as a run from its first row to its last
        const section = random.pick(table.sections);
        log[log.length - 1] = `section ${section.id}`;
        if (!section.rows.length) break;
        selection.addRun(table.placeOf(section.rows[0]), table.placeOf(section.rows.at(-1)));
        for (const each of section.rows) oracle.add(each);
        break;
      }
      case 'all':
        selection.selectAll();
        oracle = new Set(table.rows);
        break;
      case 'clear':
        selection.clear();
        oracle = new Set();
        break;
    }
    assertWellFormed(selection);
    assert.equal(selection.size, oracle.size, `the count: ${context()}`);
    for (const each of table.rows) assert.equal(selection.has(each), oracle.has(each), `row ${each}: ${context()}`);
    const expected = table.rows.filter(each => oracle.has(each));
    assert.deepEqual(resolve(selection.deletes(), table), expected, `deleteRows ${JSON.stringify(selection.deletes())}: ${context()}`);
  }
}

describe('the selection as runs against a set of row ids', () => {
  test('500 random walks of 40 steps over random tables', () => {
    for (let seed = 1; seed <= 500; seed++) walk(seed);
  });

  test('every sequence of two runs and one deletion over a small table', () => {
    // Two sections of three rows and an empty one between: every pair of runs, then every row taken out.
    const table = {
      sections: [{ id: 7, rows: [13, 11, 12] }, { id: 8, rows: [] }, { id: 9, rows: [21, 23, 22] }],
      version: 1,
      meta: { version: 1, sections: [{ id: 7, rowCount: 3 }, { id: 8, rowCount: 0 }, { id: 9, rowCount: 3 }] },
    };
    table.rows = table.sections.flatMap(section => section.rows);
    const places = new Map(table.sections.flatMap(({ rows }, section) => rows.map((id, row) => [String(id), { id: String(id), section, row }])));
    table.placeOf = id => places.get(String(id)) ?? null;
    const pairs = table.rows.flatMap(a => table.rows.map(b => [a, b]));
    for (const [a, b] of pairs)
      for (const [c, d] of pairs)
        for (const out of table.rows) {
          const selection = new Runs(table).addRun(table.placeOf(a), table.placeOf(b)).addRun(table.placeOf(c), table.placeOf(d));
          selection.delete(out);
          const oracle = new Set([...between(table, a, b), ...between(table, c, d)]);
          oracle.delete(out);
          const expected = table.rows.filter(id => oracle.has(id));
          const context = `${a}…${b}, ${c}…${d}, less ${out}`;
          assert.equal(selection.size, expected.length, context);
          assert.deepEqual(resolve(selection.deletes(), table), expected, context);
        }
  });
});

describe('what the server is sent', () => {
  const table = () => {
    const places = new Map([['5', { id: '5', section: 0, row: 0 }], ['6', { id: '6', section: 0, row: 1 }], ['9', { id: '9', section: 2, row: 0 }]]);
    return {
      version: 3,
      meta: { version: 3, sections: [{ id: 1, rowCount: 2 }, { id: 2, rowCount: 0 }, { id: 4, rowCount: 1 }] },
      placeOf: id => places.get(String(id)) ?? null,
    };
  };

  test('Select All is every row from the first section to the last, less the rows taken out', () => {
    const selection = new Runs(table());
    selection.selectAll();
    assert.deepEqual(selection.deletes(), [{ section: 1, toSection: 4 }]);
    selection.delete(6);
    assert.deepEqual(selection.deletes(), [{ section: 1, toSection: 4, except: [6] }]);
    assert.equal(selection.size, 2);
  });

  test('rows others insert after Select All are not selected, counted, nor deleted with it', () => {
    const t = table(), selection = new Runs(t);
    selection.selectAll();
    // The table at the next version: two rows inserted at the top of the first section.
    t.meta = { version: 4, sections: [{ id: 1, rowCount: 4 }, { id: 2, rowCount: 0 }, { id: 4, rowCount: 1 }] };
    selection.arrived([{ id: 20, section: 0, row: 0 }, { id: 21, section: 0, row: 1 }]);
    assert.equal(selection.has(20), false);
    assert.equal(selection.size, 3, 'the three rows there were');
    assert.deepEqual(selection.deletes(), [{ section: 1, toSection: 4, except: [20, 21] }]);
    const some = new Runs(t).add(5);
    some.arrived([{ id: 22, section: 0, row: 0 }]);
    assert.equal(some.size, 1, 'a selection of some rows is not changed by rows arriving elsewhere');
  });

  test('rows others insert between a Shift run\'s ends are not selected, counted, nor deleted with it', () => {
    // Version 1: rows 5, 6, 7, 8 in one section, and row 9 in another; a run from 5 to 8.
    const at = ids => new Map(ids.map((id, row) => [String(id), { id: String(id), section: 0, row }]));
    let places = at([5, 6, 7, 8]);
    const t = {
      version: 1,
      meta: { version: 1, sections: [{ id: 1, rowCount: 4 }, { id: 2, rowCount: 1 }] },
      placeOf: id => places.get(String(id)) ?? null,
    };
    const selection = new Runs(t).addRun(t.placeOf(5), t.placeOf(8));
    assert.equal(selection.size, 4);
    // Version 2, made elsewhere: 20 between 6 and 7, 21 before the run; heard before the rows are drawn again.
    selection.arrived([{ id: 21, section: 0, row: 0 }, { id: 20, section: 0, row: 3 }], 2);
    assert.equal(selection.has(20), false);
    assert.equal(selection.size, 4, 'the rows there were, counted from the counts of their version');
    // Drawn at version 2: the runs are found again by their ends' ids, as selection.js does, then the arrivals.
    places = at([21, 5, 6, 20, 7, 8]);
    Object.assign(t, { version: 2, meta: { version: 2, sections: [{ id: 1, rowCount: 6 }, { id: 2, rowCount: 1 }] } });
    assert.equal(selection.stale, true);
    const found = new Runs(t).addRun(t.placeOf(5), t.placeOf(8));
    found.keepOut(new Map([...selection.arrivals].map(([id]) => [id, t.placeOf(id)])));
    assert.equal(found.has(20), false);
    assert.equal(found.has(21), false);
    assert.equal(found.has(7), true);
    assert.equal(found.size, 4, 'the run\'s rows less the one inserted between them');
    assert.deepEqual(found.deletes(), [{ from: 5, to: 8, except: [20] }]);
    // Version 3 adds 22 between 20 and 7, drawn (and the runs found again) before the event is heard: taken out at once.
    places = at([21, 5, 6, 20, 22, 7, 8]);
    Object.assign(t, { version: 3, meta: { version: 3, sections: [{ id: 1, rowCount: 7 }, { id: 2, rowCount: 1 }] } });
    const drawn = new Runs(t).addRun(t.placeOf(5), t.placeOf(8));
    drawn.except.set('20', t.placeOf(20));
    drawn.arrived([{ id: 22, section: 0, row: 4 }], 3);
    assert.equal(drawn.has(22), false);
    assert.equal(drawn.size, 4);
    assert.deepEqual(drawn.deletes(), [{ from: 5, to: 8, except: [20, 22] }]);
    // Picked afterwards, an arrival is selected like any row.
    drawn.add(22);
    assert.equal(drawn.has(22), true);
    assert.equal(drawn.size, 5);
  });

  test('Select All over no sections sends nothing and counts none', () => {
    const selection = new Runs({ version: 1, meta: { version: 1, sections: [] }, placeOf: () => null });
    selection.selectAll();
    assert.deepEqual(selection.deletes(), []);
    assert.equal(selection.size, 0);
  });

  test('a run is sent by its first and last ids, wherever it was started', () => {
    const t = table(), selection = new Runs(t).addRun(t.placeOf(9), t.placeOf(6));
    assert.deepEqual(selection.deletes(), [{ from: 6, to: 9 }]);
    assert.equal(selection.size, 2, 'counted across the empty section between');
  });

  test('a row picked one by one is sent by its id', () => {
    assert.deepEqual(new Runs(table()).add(5).add(9).deletes(), [5, 9]);
  });

  test('a row not drawn cannot be picked, and a run does not say it holds one', () => {
    const t = table(), selection = new Runs(t).add(77);
    assert.equal(selection.size, 0);
    selection.addRun(t.placeOf(5), t.placeOf(9));
    assert.equal(selection.has(77), false);
  });

  test('the selection is stale once the table moves on, and only when it holds rows', () => {
    const t = table(), selection = new Runs(t);
    t.version = 4;
    assert.equal(selection.stale, false);
    selection.add(5);
    assert.equal(selection.stale, true);
  });
});
