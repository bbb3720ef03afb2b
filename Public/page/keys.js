// Keys on the grid: arrows move the focus (a roving tabindex), Enter and Space activate, Delete deletes the
// selection after confirmation.
import { activate } from './actions.js';
import { deleteSelected } from './editing.js';
import { dom, itemOf, keyOf, state } from './state.js';
import { toggleSection } from './navigation.js';
import { dressAll, setTop } from './windows.js';

/// Moves the focus to the next (`step` 1) or previous (-1) row or header, scrolling it into view below a
/// pinned header.
export function moveFocus(from, step) {
  const viewport = state.viewport;
  const list = viewport.items.filter(item => state.elements.get(item.key).getAttribute('role') === 'row');
  const index = from ? list.findIndex(item => item.key === keyOf(from)) + step : list.findIndex(item => item.at + item.size > viewport.top);
  const next = list[index];
  if (!next) return;
  const element = state.elements.get(next.key), pinned = !next.header && dom.layer.querySelector('.pinned');
  const pinnedHeight = pinned ? itemOf(pinned).size : 0;
  state.focusKey = next.key;
  dressAll();
  element.focus({ preventScroll: true });
  if (next.at < viewport.top + pinnedHeight) setTop(next.at - pinnedHeight);
  else if (next.at + next.size > viewport.top + viewport.height) setTop(next.at + next.size - viewport.height);
}

/// A key on the grid.
export function onKey(event) {
  const row = event.target.closest('[role=row]'), key = event.key;
  if (key === 'ArrowDown' || key === 'ArrowUp') moveFocus(row, key === 'ArrowDown' ? 1 : -1);
  else if ((key === 'Enter' || key === ' ') && row && event.target === row) {
    if (row.dataset.cell !== 'header') activate(row);
    else if (row.hasAttribute('aria-expanded')) toggleSection(row);
  } else if ((key === 'Delete' || key === 'Backspace') && state.selection.size && state.window.editable === 'true') {
    deleteSelected();
  } else return;
  event.preventDefault();
}
