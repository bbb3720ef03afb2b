// Undo and Redo, as UIKit's UndoManager with shake and ⌘Z: every edit the page sends comes back with the batch
// that undoes it (the server's `undo`), kept here up to `depth` steps; Ctrl/Cmd+Z sends the last one, whose own
// undo is the redo, and Shift+Ctrl/Cmd+Z sends that. An undo is an ordinary batch: it names rows by id and places
// by neighbours, so it rebases over other people's changes like any other, and a deleted row comes back with its id
// where its neighbours are. A delete offers Undo in a toast, as Mail does.
import { namesOf, note } from './messages.js';
import { namedRows, refusal } from './refusals.js';
import { $, state, t } from './state.js';
import { refresh } from './windows.js';

export const depth = 200; // steps kept (at least 100, as asked of a page)
const done = [], undone = []; // {body, what}: the batches that undo, and those that redo, last on top
let edits = Promise.resolve(); // the person's edits on their way: a Ctrl+Z pressed meanwhile waits for them
let send = null; // how a batch goes to the server (editing.js's, handed over once)

/// Takes the page's way of sending a batch (editing.js's `send`, which imports this module), so that undo steps go
/// as ordinary batches with no import back.
export function sendWith(sender) {
  send = sender;
}

/// Tracks an edit on its way (a promise that settles once its undo is remembered), so a Ctrl+Z pressed before
/// the server answered undoes that edit, as the person meant, and not the one before it.
export function pending(edit) {
  edits = Promise.all([edits, edit]).catch(() => {});
  return edit;
}

/// Remembers the undo of a batch the person made (`what`: what the toast says it was; `no-undo` leaves it out).
/// A new edit forgets what was undone.
export function remember(body, what) {
  if (!body || what === 'no-undo') return;
  done.push({ body, what });
  if (done.length > depth) done.shift();
  undone.length = 0;
  const restored = body.restoreRows?.length;
  if (restored) offer(restored);
}

/// Sends the last step of `from` and keeps its own undo on `to`; says why when it cannot be sent. Every edit the
/// page made after the step's batch was undone already (they were above it), so the rows it names changed since
/// only by the page and back, versions send() names as seen: only someone else's change to them is a conflict.
async function step(from, to) {
  await edits;
  const entry = from.pop();
  hideOffer(true);
  if (!entry) return false;
  // A row the step brings back is called by the title it had; one drawn, by what it shows.
  const names = new Map(entry.body.restoreRows?.map(({ id, fields: f = {} }) => [String(id), f.text ?? f.title ?? f.name]));
  for (const [id, name] of namesOf(namedRows(entry.body))) names.set(id, name);
  try {
    const response = await send(entry.body);
    if (response.undo) to.push({ body: response.undo, what: entry.what });
  } catch (error) {
    note(refusal(error, names, t, { undoing: true }));
  }
  state.motion = 'automatic';
  refresh();
  return true;
}

let queue = Promise.resolve(); // steps one at a time, in the order asked, however fast the keys repeat
export const undo = () => (queue = queue.then(() => step(done, undone)));
export const redo = () => (queue = queue.then(() => step(undone, done)));
/// How many steps each way (for tests and tools).
export const steps = () => ({ undo: done.length, redo: undone.length });

/// Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z (and Ctrl+Y) redoes, unless a text field takes them for its own text.
/// Returns whether the key was taken.
export function undoKey(event) {
  const key = event.key.toLowerCase(), command = event.ctrlKey || event.metaKey;
  if (!command || event.altKey || !(key === 'z' || (key === 'y' && event.ctrlKey))) return false;
  if (event.target.closest?.('input, textarea, [contenteditable]') || document.querySelector('dialog[open]')) return false;
  event.preventDefault();
  if (key === 'y' || event.shiftKey) redo();
  else undo();
  return true;
}

let toast = null, hideTimer = 0;
/// The toast after a delete: "N deleted" and an Undo button, for a few seconds.
function offer(count) {
  if (!toast) {
    toast = document.createElement('div');
    toast.className = 'undo-toast';
    toast.setAttribute('role', 'status');
    toast.append(document.createElement('span'), Object.assign(document.createElement('button'), { type: 'button' }));
    toast.lastChild.dataset.action = 'undo';
    ($('#messages') ?? document.body).append(toast); // with the page's other messages, stacked
  }
  toast.firstChild.textContent = t('%d deleted', count);
  toast.lastChild.textContent = t('Undo');
  toast.hidden = false;
  clearTimeout(hideTimer);
  hideTimer = setTimeout(hideOffer, 6000);
}
function hideOffer(now) {
  clearTimeout(hideTimer);
  if (toast && (now || !toast.contains(document.activeElement))) toast.hidden = true;
  else if (toast) hideTimer = setTimeout(hideOffer, 2000); // not while the keyboard is on its button
}
