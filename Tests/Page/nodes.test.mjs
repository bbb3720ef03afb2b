// The outline's expanded nodes as compact ranges (Public/page/nodes.js), against a plain set of numbers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasNode, readRanges, withNode, writeRanges } from '../../Public/page/nodes.js';
import { seeded } from './seeded.mjs';

const setOf = (ranges) => new Set(ranges.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i)));

test('reads all, none and ranges, clipped to the outline and merged', () => {
  assert.deepEqual(readRanges('all', 5), [[0, 4]]);
  assert.deepEqual(readRanges('none', 5), []);
  assert.deepEqual(readRanges('', 5), []);
  assert.deepEqual(readRanges('9-12,0,3,4', 11), [[0, 0], [3, 4], [9, 10]]);
  assert.deepEqual(readRanges('3-1,x,2', 10), [[1, 3]]);
});

test('writes all when every node is in, none when none is', () => {
  assert.equal(writeRanges([[0, 4]], 5), 'all');
  assert.equal(writeRanges([], 5), 'none');
  assert.equal(writeRanges([[0, 0], [3, 4], [9, 12]], 20), '0,3-4,9-12');
});

test('collapsing one node of all in a huge tree stays compact', () => {
  const ranges = withNode(readRanges('all', 200_000), 1234, false);
  assert.equal(writeRanges(ranges, 200_000), '0-1233,1235-199999');
  assert.equal(writeRanges(withNode(ranges, 1234, true), 200_000), 'all');
});

test('toggling nodes at random matches a set of numbers', () => {
  const { next } = seeded(57);
  for (let round = 0; round < 50; round++) {
    const count = 1 + Math.floor(next() * 40), naive = new Set();
    let ranges = [];
    for (let step = 0; step < 60; step++) {
      const node = Math.floor(next() * count), expanded = next() < 0.6;
      ranges = withNode(ranges, node, expanded);
      expanded ? naive.add(node) : naive.delete(node);
      assert.deepEqual(setOf(ranges), naive);
      for (let probe = 0; probe < count; probe++) assert.equal(hasNode(ranges, probe), naive.has(probe));
      assert.deepEqual(readRanges(writeRanges(ranges, count), count), ranges);
    }
  }
});
