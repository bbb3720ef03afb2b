// Edits as batches (POST /api/datasets/{id}/batch at the version drawn): edit mode, deletes with their
// confirmation, insertion rows, switches, and (controls.js) text fields and sliders.
import './controls.js';
import { closeOpenRow } from './gestures.js';
import { api, note } from './messages.js';
import { $, apiPath, dom, language, state, t } from './state.js';
import { settledSelection, showSelectionCount } from './selection.js';
import { dressAll, refresh } from './windows.js';

/// Sends one batch; a `409` (the list changed elsewhere) refreshes and says why. Returns whether it was saved.
export async function batch(changes) {
  let saved = false;
  try {
    const response = await api(apiPath + '/batch', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ baseVersion: state.version, child: state.child || undefined, ...changes }),
    });
    state.version = response.version ?? state.version;
    saved = true;
  } catch (error) {
    note(error.status === 409 ? t('The list changed elsewhere and was refreshed. Try again.') : t('Not saved: ') + error.message);
  }
  changes.deleteRows?.forEach(id => state.selection.delete(String(id)));
  showSelectionCount();
  state.motion = 'automatic';
  refresh();
  return saved;
}

/// Asks in the confirmation sheet; its Delete calls `then`.
export function ask(text, then) {
  $('p', dom.confirm).textContent = text;
  state.pendingConfirm = then;
  dom.confirm.showModal();
}

export const deleteRows = ids => batch({ deleteRows: ids.map(Number) });
/// Deletes the selection, after asking, as one batch of ids and runs that the server resolves (a million rows
/// are a few runs, never fetched); the selection then empties.
export async function deleteSelected() {
  const selection = await settledSelection(), count = selection.size;
  ask(t('Delete %d selected?', count.toLocaleString(language || undefined)), async () => {
    if (await batch({ deleteRows: (await settledSelection()).deletes() }, 'delete')) selection.clear();
    dressAll();
    showSelectionCount();
  });
}

/// Enters or leaves edit mode (Manage mode where the dataset selects to delete).
export function setEditing(on) {
  state.editing = on;
  dom.scroller.classList.toggle('editing', on);
  dom.editButton.dataset.action = on ? 'done' : 'edit';
  dom.editButton.textContent = t(on ? 'Done' : state.window.editStyle === 'select' ? 'Manage' : 'Edit');
  $('#editbar').hidden = !(on && state.window.editStyle === 'select');
  state.selection.clear();
  closeOpenRow();
  dressAll();
  showSelectionCount();
  if (state.meta.insertable) refresh(); // insertion rows move what follows them
}

/// The insertion row's green plus adds a row at the end of its section.
export function insertRow(footer) {
  const { section, row, key } = footer.dataset;
  return batch({ insertRows: [{ section: +section, row: +row, fields: { [key]: t('New Row') } }] });
}

/// A tap in a choice list: the row takes the checkmark (the server takes it from the others in the same batch,
/// and the row that opened the list shows the choice as its detail).
export function choose(row) {
  if (row.dataset.accessory === 'checkmark') return;
  return batch({ updateRows: [{ id: +row.dataset.rowId, fields: { accessory: 'checkmark' } }] });
}

/// Flips a switch row's switch, and back when the change is not saved.
export async function flipSwitch(row) {
  const toggle = $('[role=switch]', row), on = toggle.ariaChecked !== 'true';
  toggle.ariaChecked = on;
  if (!(await batch({ updateRows: [{ id: +row.dataset.rowId, fields: { on } }] }))) toggle.ariaChecked = !on;
}
