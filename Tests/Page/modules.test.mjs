// The page's modules import each other with no cycle, so each can be read (and loaded) after those it names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';

const folder = new URL('../../Public/page/', import.meta.url);

/// Each module's imports of its siblings, by file name.
function imports() {
  const graph = new Map();
  for (const name of readdirSync(folder).filter(name => name.endsWith('.js'))) {
    const text = readFileSync(new URL(name, folder), 'utf8');
    graph.set(name, [...text.matchAll(/^import\s[^;]*?from '\.\/([\w.]+)'|^import '\.\/([\w.]+)'/gm)].map(m => m[1] ?? m[2]));
  }
  return graph;
}

/// The first cycle found, as the names along it; null when there is none.
function cycle(graph) {
  const state = new Map(); // name → 'open' while on the path, 'done' after
  const path = [];
  function visit(name) {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'open');
    path.push(name);
    for (const next of graph.get(name) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(name, 'done');
    return null;
  }
  for (const name of graph.keys()) {
    const found = visit(name);
    if (found) return found;
  }
  return null;
}

test('the modules of Public/page import each other with no cycle', () => {
  const graph = imports();
  assert.ok(graph.size > 20 && [...graph.values()].flat().length > 50, 'the imports were not read');
  assert.equal(cycle(graph)?.join(' → ') ?? null, null);
});

test('the cycle check finds a cycle', () => {
  const graph = new Map([['a.js', ['b.js']], ['b.js', ['c.js']], ['c.js', ['a.js']], ['d.js', []]]);
  assert.deepEqual(cycle(graph), ['a.js', 'b.js', 'c.js', 'a.js']);
});
