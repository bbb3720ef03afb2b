// What assistive technology reads: the drawn items in the DOM in table order (windows reuse elements wherever
// they lie), and each row's place, "row 5 of 1,000,000": aria-rowcount on the grid, aria-rowindex on headers
// and rows, in a search among its results (the server writes a grouped table's aria-level, and each row's
// aria-posinset and aria-setsize in its section). Followed by watching the layer, so whatever draws a window says
// nothing.
import { parseRanges } from './expanded.js';
import { api } from './messages.js';
import { apiPath, dom, state } from './state.js';

/// Puts the drawn items' elements in table order with the fewest moves (the longest run already in order stays),
/// keeping the focus and animations where `moveBefore` can.
export function arrange() {
  const wanted = state.viewport.items.map(item => state.elements.get(item.key)).filter(Boolean);
  const place = new Map([...dom.layer.children].map((element, index) => [element, index]));
  const kept = new Set(longestIncreasing(wanted.map(element => place.get(element))).map(index => wanted[index]));
  if (kept.size === wanted.length) return;
  const focused = document.activeElement, move = dom.layer.moveBefore ? 'moveBefore' : 'insertBefore';
  for (let index = wanted.length - 1; index >= 0; index--)
    if (!kept.has(wanted[index])) dom.layer[move](wanted[index], wanted[index + 1] ?? null);
  if (focused && document.activeElement !== focused && dom.layer.contains(focused)) focused.focus({ preventScroll: true });
}

/// The indices of a longest strictly increasing subsequence of `values`. - Complexity: O(n log n).
export function longestIncreasing(values) {
  const tails = [], previous = [];
  values.forEach((value, index) => {
    let low = 0, high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      values[tails[middle]] < value ? (low = middle + 1) : (high = middle);
    }
    previous[index] = low > 0 ? tails[low - 1] : -1;
    tails[low] = index;
  });
  const result = [];
  for (let index = tails[tails.length - 1] ?? -1; index >= 0; index = previous[index]) result.unshift(index);
  return result;
}

let counted = { key: null, before: [], total: 0 }; // rows before each section, for one dataset version and view

let asking = null; // the dataset's sections, asked again for a newer version
/// Asks for the sections' row counts of the version drawn, then numbers again.
function askForCounts() {
  asking ??= api(apiPath).then(meta => ((state.meta = meta), (asking = null), number()), () => (asking = null));
}

/// How many rows (headers included) come before each section and in all, with the view's expanded sections;
/// null when the page cannot know (a search, a child table, insertion rows, counts of another version).
function rowsBeforeSections() {
  const meta = state.meta, sections = meta.sections;
  if (!sections || state.query || state.child || (state.editing && meta.insertable)) return null;
  if (meta.version !== state.version) return askForCounts(), null;
  const key = [state.version, state.expandedText].join();
  if (counted.key === key) return counted;
  const expanded = meta.collapsible && parseRanges(state.expandedText ?? meta.defaultExpanded, sections);
  // An untitled header (the gap between groups) is no row, unless it toggles its section.
  const heads = sections.map(section => (section.title || meta.collapsible ? 1 : 0));
  let total = 0;
  const before = sections.map((section, index) => {
    const start = total;
    total += heads[index] + (!expanded || expanded.has(String(section.id)) ? section.rowCount : 0);
    return start;
  });
  return (counted = { key, before, total, heads });
}

/// A search's places, from its window's first row's (the server counts the results' rows): the drawn rows and
/// headers follow each other in the results, and a header carried from its section's top comes as many rows
/// before its section's first drawn row as that row's place in the section.
function searchPlaces() {
  const window = state.window, viewport = state.viewport;
  if (!state.query || window.rowIndex == null) return null;
  const isRow = element => element?.getAttribute('role') === 'row';
  const drawn = viewport.flow.map(item => state.elements.get(item.key)).filter(isRow);
  const first = drawn.findIndex(element => element.dataset.rowId);
  if (first < 0) return null;
  const places = new Map(drawn.map((element, index) => [element, +window.rowIndex + 1 + index - first]));
  for (const item of viewport.items) {
    const header = item.carried ? state.elements.get(item.key) : null;
    const row = isRow(header) && drawn.find(element => element.dataset.rowId && element.dataset.section === header.dataset.section);
    if (row) places.set(header, places.get(row) - +row.dataset.row - 1);
  }
  return { total: +window.rowCount, places };
}

/// Writes each drawn row's and header's place (or takes them away when the page cannot know them).
export function number() {
  const grid = dom.layer.closest('[role=treegrid], [role=grid]');
  // An outline's window says its visible nodes' count, and its rows their places, levels and sets.
  if (state.outline) return grid?.setAttribute('aria-rowcount', state.outline.visibleCount);
  const counts = rowsBeforeSections();
  const found = !counts && searchPlaces();
  if (counts || found) grid?.setAttribute('aria-rowcount', counts ? counts.total : found.total);
  else grid?.removeAttribute('aria-rowcount');
  for (const element of state.elements.values()) {
    if (element.getAttribute('role') !== 'row') continue;
    const section = +element.dataset.section, row = element.dataset.row, place = found && found.places.get(element);
    if (counts) element.setAttribute('aria-rowindex', counts.before[section] + (row == null ? 1 : counts.heads[section] + +row + 1));
    else if (place) element.setAttribute('aria-rowindex', place);
    else element.removeAttribute('aria-rowindex');
  }
}

/// Keeps the order and the numbers as windows come and go.
const follow = new MutationObserver(() => (arrange(), number()));
follow.observe(dom.layer, { childList: true, subtree: true, attributeFilter: ['hidden', 'data-y'] });
arrange();
number();
