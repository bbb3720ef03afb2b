// An outline's page (a dataset that is one section of rows with child rows): the disclosure triangles and the
// treegrid's keys expand and collapse nodes; the URL names the expanded nodes by their numbers in preorder.
import { saveNow } from './address.js';
import { readRanges, withNode, writeRanges } from './nodes.js';
import { dressAll, refresh } from './windows.js';
import { keyOf, state } from './state.js';

/// Expands (`expanded`) or collapses the nodes of `rows`: their triangles turn at once, and the drawn rows stay
/// until the window with the rows below moved comes.
export function setExpanded(rows, expanded) {
  const count = state.outline.count;
  let ranges = readRanges(state.expandedText ?? 'none', count);
  for (const row of rows) {
    ranges = withNode(ranges, +row.dataset.node, expanded);
    row.setAttribute('aria-expanded', expanded);
  }
  state.expandedText = writeRanges(ranges, count);
  state.motion = 'fade';
  refresh();
  saveNow();
}

/// The disclosure triangle's tap: the node opens or closes; the focus stays on its row.
export function disclose(row) {
  state.focusKey = keyOf(row);
  setExpanded([row], row.getAttribute('aria-expanded') !== 'true');
  row.focus({ preventScroll: true });
}

/// A tap elsewhere on a node's row selects it, as a tap selects a row, and the selection fades as
/// deselectRow(at:animated:) fades it; keys keep it.
export function pickNode(row, tap) {
  const key = (state.picked = keyOf(row));
  dressAll();
  if (tap) setTimeout(() => state.picked === key && ((state.picked = null), dressAll()), 400);
}

/// The drawn rows of the node's siblings (itself included), in table order.
export function siblingsOf(row) {
  const parent = row.dataset.parent;
  return state.viewport.items.map(item => state.elements.get(item.key))
    .filter(element => element?.dataset.node != null && element.dataset.parent === parent);
}

/// The drawn row of the node's parent, or undefined (a top-level node, or a parent out of the window).
export function parentOf(row) {
  return row.dataset.parent == null ? undefined : state.elements.get('n' + row.dataset.parent);
}
