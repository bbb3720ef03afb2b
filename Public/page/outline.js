// An outline's page (a dataset that is one section of rows with child rows): the disclosure triangles and the
// treegrid's keys expand and collapse nodes; the URL names the expanded nodes by their numbers in preorder.
import { saveNow, viewQuery } from './address.js';
import { readRanges, withNode, writeRanges } from './nodes.js';
import { $, keyOf, state, t } from './state.js';
import { dressAll, expectContents, load, refresh } from './windows.js';

/// Expands (`expanded`) or collapses the nodes of `rows`: their triangles turn at once (and keep turning when the
/// window comes, which has their rows as they are now), and the drawn rows stay until the window with the rows
/// below moved comes.
export function setExpanded(rows, expanded) {
  const count = state.outline.count;
  // The URL's expanded nodes, else those the window shows (a search's: the matches' ancestors).
  let ranges = readRanges(state.expandedText ?? state.window.expanded ?? 'none', count);
  for (const row of rows) (ranges = withNode(ranges, +row.dataset.node, expanded)), turn(row, expanded);
  state.expandedText = writeRanges(ranges, count);
  state.motion = 'fade';
  refresh();
  saveNow();
}

/// A row's triangle turned (and its label changed) as the next window will have it.
function turn(row, expanded) {
  row.setAttribute('aria-expanded', expanded);
  const button = $('.disclosure', row), label = t(expanded ? 'Collapse' : 'Expand');
  if (button) expectContents(row, `aria-label="${button.ariaLabel}"`, `aria-label="${label}"`), (button.ariaLabel = label);
}

/// `*`: every sibling of the node with children expands, drawn or not (the server knows them all: `siblings=`).
export function expandSiblings(row) {
  for (const sibling of drawnSiblings(row)) if (sibling.getAttribute('aria-expanded') === 'false') turn(sibling, true);
  state.siblingsOf = +row.dataset.node;
  state.motion = 'fade';
  refresh();
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
function drawnSiblings(row) {
  const parent = row.dataset.parent;
  return state.viewport.items.map(item => state.elements.get(item.key))
    .filter(element => element?.dataset.node != null && element.dataset.parent === parent);
}

/// Goes to the node's parent (Left), however far above: `then` gets its item once it is drawn. A top-level node has
/// none.
export function toParent(row, then) {
  const parent = row.dataset.parent, found = () => state.viewport.items.find(item => item.key === 'n' + parent);
  if (parent == null) return;
  if (found()) return then(found());
  // One window from the parent's top (`node=`), as the section index jumps to a header.
  const height = state.viewport.height;
  const query = `node=${parent}&top=${-Math.round(height * 0.75)}&height=${Math.round(height * 2.5)}${viewQuery()}`;
  load(query, NaN, NaN, state.width, () => found() && then(found()));
}
