// The selection: rows chosen by tap, by key or, in Manage mode, by checkbox; counted in the edit bar.
import { viewQuery } from './address.js';
import { api, note } from './messages.js';
import { $, apiPath, state } from './state.js';
import { dressAll } from './windows.js';

/// The edit bar's count, its Delete and Select All / Deselect All.
export function showSelectionCount() {
  const count = state.selection.size;
  $('[data-role=selected-count]').textContent = count + ' selected';
  $('[data-action=delete-selected]').disabled = !count;
  $('[data-action=select-all]').textContent = count && count === state.total ? 'Deselect All' : 'Select All';
}

/// Selects a row (`many`: adds it to the selection, or removes it when selected).
export function pick(row, many) {
  const id = row.dataset.rowId, selection = state.selection, wasSelected = selection.has(id);
  if (!many) selection.clear();
  if (wasSelected && (many || !selection.size)) selection.delete(id);
  else selection.add(id);
  dressAll();
  showSelectionCount();
}

/// Selects every row of the table, or none when all are selected.
export async function selectAll() {
  const selection = state.selection;
  if (selection.size && selection.size === state.total) selection.clear();
  else {
    try {
      const window = await queryRows(0, Math.ceil(state.viewport.serverHeight) + 1);
      window.rows.forEach(row => selection.add(String(row.id)));
      state.total = selection.size;
    } catch (error) {
      return note(error.message);
    }
  }
  dressAll();
  showSelectionCount();
}

/// The rows of a window as JSON, for actions that need fields the cells do not show.
export const queryRows = (top, height) => api(`${apiPath}/window?top=${top}&height=${height}&overscan=0${viewQuery()}`);
