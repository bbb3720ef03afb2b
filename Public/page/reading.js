// What assistive technology reads: the drawn items in the DOM in table order (windows reuse elements wherever
// they lie), and each row's place, "row 5 of 1,000,000": aria-rowcount on the grid, aria-rowindex on headers
// and rows (the server writes aria-level; aria-posinset and aria-setsize on rows are ARIA 1.2's, which the axe
// the tests run does not allow yet). Followed by watching the layer, so whatever draws a window says nothing.
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

/// Writes each drawn row's and header's place (or takes them away when the page cannot know them).
export function number() {
  const grid = dom.layer.closest('[role=treegrid], [role=grid]'), counts = rowsBeforeSections();
  if (counts) grid?.setAttribute('aria-rowcount', counts.total);
  else grid?.removeAttribute('aria-rowcount');
  for (const element of state.elements.values()) {
    if (element.getAttribute('role') !== 'row') continue;
    const section = +element.dataset.section, row = element.dataset.row;
    if (!counts) element.removeAttribute('aria-rowindex');
    else element.setAttribute('aria-rowindex', counts.before[section] + (row == null ? 1 : counts.heads[section] + +row + 1));
  }
}

/// Keeps the order and the numbers as windows come and go.
const follow = new MutationObserver(() => (arrange(), number()));
follow.observe(dom.layer, { childList: true, subtree: true, attributeFilter: ['hidden', 'data-y'] });
arrange();
number();
