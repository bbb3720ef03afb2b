// The selection: rows chosen by tap, by key or, in Manage mode, by checkbox; counted in the edit bar.
import { viewQuery } from './address.js';
import { api, note } from './messages.js';
import { $, apiPath, state, t } from './state.js';
import { dressAll } from './windows.js';

/// The edit bar's count, its Delete and Select All / Deselect All.
export function showSelectionCount() {
  const count = state.selection.size;
  $('[data-role=selected-count]').textContent = t('%d selected', count);
  $('[data-action=delete-selected]').disabled = !count;
  $('[data-action=select-all]').textContent = t(count && count === state.total ? 'Deselect All' : 'Select All');
}

let rangeStart = null; // the server offset of the row a Shift-click range starts from

/// Selects a row (`many`: adds it to the selection, or removes it when selected; `extend`: only adds).
export function pick(row, many, extend) {
  const id = row.dataset.rowId, selection = state.selection, wasSelected = selection.has(id);
  if (!many) selection.clear();
  if (wasSelected && !extend && (many || !selection.size)) selection.delete(id);
  else selection.add(id);
  rangeStart = +row.dataset.y;
  dressAll();
  showSelectionCount();
}

/// Shift-click: adds every row from the last one picked to `row`, drawn or not.
export async function pickRange(row) {
  const end = +row.dataset.y, start = rangeStart ?? end;
  const top = Math.min(start, end), bottom = Math.max(start, end) + 1;
  try {
    (await queryRows(top, bottom - top)).rows.forEach(found => state.selection.add(String(found.id)));
  } catch (error) {
    return note(error.message);
  }
  state.selection.add(row.dataset.rowId);
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
