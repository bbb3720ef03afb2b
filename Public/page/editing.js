// Edits as batches (POST /api/datasets/{id}/batch at the version drawn): edit mode, deletes with their
// confirmation, insertion rows, switches, and (controls.js) text fields and sliders.
import { api, nameOf, namesOf, note } from './messages.js';
import { closeOpenRow } from './opened.js';
import { namedRows, refusal } from './refusals.js';
import { $, apiPath, dom, language, state, t } from './state.js';
import { settledSelection, showSelectionCount } from './selection.js';
import { pending, remember, sendWith } from './undo.js';
import { dressAll, refresh } from './windows.js';

let sending = 0; // batches on their way
const ownVersions = new Set(); // the versions the page's own batches gave (the last 1,000, as the server rebases)
/// Whether the change that gave `version` may be the page's own (its echo in the event stream).
export const isOwn = version => sending > 0 || ownVersions.has(version);

let queue = Promise.resolve(); // the page's batches, one at a time
/// Sends one batch (`changes`, or an undo's body with its own baseVersion), asking for its undo. It is made on the
/// version drawn, with the versions the page's own batches gave since as seen (`seenVersions`): the person saw
/// those, and nobody else's changes meanwhile, which the server checks as conflicts. Batches go one at a time, in
/// order, so a second tap is made after the first. The server rebases a stale batch over others' changes; when
/// it cannot tell (too many changes since, a child table), the
/// batch, which names rows by id and places by neighbours, is sent again on the current version. Throws only a
/// real conflict (409: rows it names changed), or any other failure. A batch that names no row (a new row) comes
/// with `replan(body, dataset)`, which places it again on the current dataset after a conflict over its place.
export function send(changes, replan) {
  sending++;
  const sent = queue.then(() => sendNow(changes, replan)).finally(() => sending--);
  queue = sent.catch(() => {});
  return sent;
}
sendWith(send); // undo steps go the same way

async function sendNow(changes, replan, tries = 3) {
  const body = 'baseVersion' in changes ? { ...changes } // an undo: made on the version its batch gave, for its table
    : { baseVersion: state.version, child: state.child || undefined, undoable: true, ...changes };
  for (;;) {
    const seen = [...ownVersions].filter(version => version > body.baseVersion).sort((a, b) => a - b);
    if (seen.length) body.seenVersions = seen;
    else delete body.seenVersions;
    try {
      const response = await api(apiPath + '/batch', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      ownVersions.add(response.version);
      if (ownVersions.size > 1000) ownVersions.delete(Math.min(...ownVersions));
      return response;
    } catch (error) {
      if (error.status !== 409 || (error.conflicts?.length && !replan) || !--tries) throw error;
      const dataset = await api(apiPath);
      body.baseVersion = dataset.version; // the version the next window will be drawn at
      replan?.(body, dataset);
    }
  }
}

/// Sends one batch the person made, remembered for Undo (`what`: `delete` offers Undo in a toast); a real conflict
/// refreshes and says why, in the person's words (refusals.js). Returns whether it was saved.
export const batch = (changes, what, replan) => pending(made(changes, what, replan));
async function made(changes, what, replan) {
  let saved = false;
  // Rows the person deletes leave the selection now, so the change's echo does not say they left elsewhere.
  changes.deleteRows?.forEach(id => typeof id !== 'object' && state.selection.delete(String(id)));
  changes.rowActions?.forEach(action => state.selection.delete(String(action.id)));
  const names = namesOf(namedRows(changes)); // what a refusal calls them: they may be gone by then
  try {
    const response = await send(changes, replan);
    remember(response.undo, what, changes);
    saved = true;
  } catch (error) {
    note(refusal(error, names, t, { changes }));
  }
  showSelectionCount();
  state.motion = 'automatic';
  refresh();
  return saved;
}

/// Asks in the confirmation sheet; its Delete calls `then`. `recount(count)`, if given, is told the selection's
/// count while the sheet is open (selection.js), as rows deleted elsewhere leave the selection; `row`
/// (`{id, name}`), if given, is the one row it asks about, and the sheet goes when that row is deleted elsewhere.
export function ask(text, then, { recount = null, row = null } = {}) {
  $('p', dom.confirm).textContent = text;
  state.pendingConfirm = then;
  state.recountConfirm = recount;
  state.confirmRow = row;
  dom.confirm.showModal();
}

export const deleteRows = ids => batch({ deleteRows: ids.map(Number) }, 'delete');

/// Asks before deleting one row (a row whose swipe shows no Delete).
export function askToDelete(row) {
  const id = row.dataset.rowId, name = nameOf(row);
  ask(t('Delete “%s”?', name), () => deleteRows([id]), { row: { id, name } });
}

/// A change made elsewhere deleted rows (`deleted(id)`): a confirmation asking about one of them goes, and a note
/// says why, as UIKit's table ends the row's editing when the row leaves.
export function closeConfirmIfDeleted(deleted) {
  const row = state.confirmRow;
  if (!dom.confirm.open || !row || !deleted(row.id)) return;
  dom.confirm.close();
  note(t('“%s” was deleted elsewhere.', row.name));
}

/// Deletes the selection, after asking, as one batch of ids and runs that the server resolves (a million rows
/// are a few runs, never fetched); the selection then empties.
export async function deleteSelected() {
  const selection = await settledSelection();
  // The server gives no undo for a batch of more rows than this (BatchInverse.maximumRows): say so first.
  const question = count =>
    t('Delete %d selected?', count.toLocaleString(language || undefined)) + (count > 10_000 ? ' ' + t('This cannot be undone.') : '');
  // Rows deleted elsewhere meanwhile leave the selection: the question follows its count, and goes with the last.
  const recount = count => (count ? ($('p', dom.confirm).textContent = question(count)) : dom.confirm.close());
  ask(question(selection.size), async () => {
    if (await batch({ deleteRows: (await settledSelection()).deletes() }, 'delete')) selection.clear();
    dressAll();
    showSelectionCount();
  }, { recount });
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
  // At the end of its section, wherever that is once others added or deleted rows there.
  const atEnd = (body, dataset) => (body.insertRows[0].row = dataset.sections?.[+section]?.rowCount ?? +row);
  return batch({ insertRows: [{ section: +section, row: +row, fields: { [key]: t('New Row') } }] }, 'insert', state.child ? undefined : atEnd);
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

// A list emptied in edit mode leaves it, as Mail's Edit ends when the last message goes: nothing is left to
// select or delete, and the page says the list is empty. A window between two others can draw nothing for a
// moment; only one whose whole content is empty counts, and not a search that found nothing (the list is
// still there, and so is what was selected in it).
// Out of edit mode, an empty list has nothing to manage: Manage (or Edit, where edit mode adds no insertion rows to
// take a first row) is disabled until rows come again, as Mail's Edit is on an empty mailbox.
const emptied = () => !$('#empty').hidden && +state.window.contentHeight === 0 && !state.query;
export function followEmptiness() {
  const empty = emptied();
  if (state.editing && empty) setEditing(false);
  dom.editButton.disabled = empty && !state.editing && !state.meta.insertable;
}
new MutationObserver(followEmptiness).observe($('#empty'), { attributes: true, attributeFilter: ['hidden'] });

// A list whose edit mode adds insertion rows (a generic list's green plus) is never empty in edit mode, so it
// counts as emptied when its last row of data goes while the whole table is drawn: edit mode ends and the page
// says "No rows", the Edit button there to add one again. A list entered empty (to add its first row) stays.
let hadRows = false;
function followRows() {
  const viewport = state.viewport, flow = viewport.flow, last = flow[flow.length - 1];
  const rows = flow.some(item => item.key[0] === 'r');
  if (!state.editing || state.query || rows) return void (hadRows = rows && state.editing && !state.query);
  const whole = flow.length > 0 && flow[0].y === 0 && last.y + last.h >= viewport.serverHeight - 1;
  if (hadRows && whole) (hadRows = false), setEditing(false);
}
new MutationObserver(followRows).observe(dom.layer, { childList: true, subtree: true, attributeFilter: ['hidden'] });
