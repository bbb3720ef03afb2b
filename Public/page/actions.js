// What taps do: the bar's and edit bar's tools, rows, the minus and its Delete, Download, the detail sheet,
// and the extras of a kind (heroes: add a random hero, edit one in a dialog).
import { batch, choose, deleteSelected, flipSwitch, insertRow, setEditing } from './editing.js';
import { openRow, runAction } from './gestures.js';
import { extrasOf } from './live.js';
import { nameOf, note, say, sayTheirs } from './messages.js';
import { jumpToSection, openChild, toggleSection } from './navigation.js';
import { closeOpenRow } from './opened.js';
import { disclose, pickNode } from './outline.js';
import { refusal } from './refusals.js';
import { pick, pickRange, queryRows, selectAll } from './selection.js';
import { $, dom, state, t } from './state.js';
import { undo } from './undo.js';
import { dressAll, setTop } from './windows.js';

/// Taps a row (`tap`: by pointer, which deselects with a fade as deselectRow(at:animated:) does; keys keep
/// the selection).
export function activate(row, tap, extend) {
  if (row.dataset.cell === 'footer') return insertRow(row);
  if (state.outline) return pickNode(row, tap);
  if (state.editing && state.window.editStyle === 'select') return extend ? pickRange(row) : pick(row, true);
  if (!state.editing && row.dataset.child) return openChild(row);
  if (!state.editing && row.dataset.choice) return choose(row);
  // On iOS only the switch itself flips (its own button); the keyboard's Enter or Space on the row flips it too.
  if (!state.editing && $('[role=switch]', row)) return tap ? undefined : flipSwitch(row);
  pick(row, false);
  if (state.editing) return;
  const extra = extrasOf().tap;
  if (extra) extras[extra](row);
  const id = row.dataset.rowId;
  if (tap) setTimeout(() => state.selection.delete(id) && dressAll(), 400);
}

const tools = {
  edit: () => setEditing(true),
  done: () => setEditing(false),
  add: () => extras[extrasOf().add]?.(),
  'select-all': selectAll,
  'delete-selected': () => deleteSelected(),
  cancel: () => dom.confirm.close(),
  'cancel-search': () => {
    dom.search.value = '';
    dom.search.dispatchEvent(new Event('input'));
    dom.scroller.focus({ preventScroll: true }); // out of the search form, so Cancel goes
  },
  confirm: () => (dom.confirm.close(), state.pendingConfirm?.()),
  toggle: flipSwitch,
  disclose,
  detail: showDetail,
  undo: () => undo(), // the Undo of the toast after a delete
};

/// A click the page itself did not take (see app.js).
export function click(event) {
  const indexLink = event.target.closest('#index a');
  if (indexLink) return jumpToSection(+indexLink.dataset.section);
  if (state.swallowClick) return (state.swallowClick = false); // the click that ends a swipe
  const control = event.target.closest('[data-action]'), action = control?.dataset.action;
  const row = event.target.closest('[role=row]'), open = $('[data-open]', dom.layer);
  const swiped = action === 'delete' || action === 'row-action';
  if (open && dom.scroller.contains(event.target) && !swiped && action !== 'minus') return closeOpenRow();
  if (tools[action]) return tools[action](row);
  if (action === 'minus') return row === open ? closeOpenRow() : openRow(row, 't');
  if (swiped) return runAction(row, control); // the red button is the confirmation, as UIKit's
  if (action === 'download') return download(row, control);
  if (action === 'open') return say($('#toast'), t('Opening %s…', nameOf(row)), 2000);
  if (!row || (control && action !== 'insert') || !dom.scroller.contains(row)) return;
  if (row.dataset.cell !== 'header') activate(row, true, event.shiftKey);
  else if (row.hasAttribute('aria-expanded')) toggleSection(row);
}

/// Download on an app: the button turns into a progress ring, and when the download is done the row stores
/// `installed`, so it shows Open from then on, here and on every other page.
function download(row, button) {
  const id = row.dataset.rowId;
  state.downloaded.add(id);
  button.disabled = true;
  button.classList.add('busy');
  say($('#toast'), t('%s is downloading…', nameOf(row)), 2000);
  setTimeout(async () => {
    await batch({ updateRows: [{ id: +id, fields: { installed: true } }] }, 'no-undo'); // an install is not undone
    state.downloaded.delete(id);
  }, 1200);
}

/// The keys that say how a row looks or behaves, not what it is: the detail sheet leaves them out.
const presentation = /^(text|detail|image|icon|style|accessory.*|editingStyle|canMove|height|selectionStyle|on|table|indentationLevel|trailingActions|leadingActions|deleteTitle)$/;
/// `send_time` → "Send time", `wifiName` → "Wifi name": a key as words.
const words = key => key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/^./, c => c.toUpperCase());
const shown = value => Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? t(value ? 'Yes' : 'No') : String(value);

/// The detail sheet of a row (ⓘ), as iOS shows a row's details: its text as the title, its detail under it,
/// and its other values as labelled lines.
async function showDetail(row) {
  let found;
  try {
    found = (await queryRows(row.dataset.y, 1)).rows.find(r => String(r.id) === row.dataset.rowId);
  } catch (error) {
    return note(error.message);
  }
  const fields = found?.fields ?? {};
  $('h2', dom.info).textContent = fields.text ?? nameOf(row);
  $('p', dom.info).textContent = fields.detail ?? '';
  $('p', dom.info).hidden = fields.detail == null;
  const list = $('dl', dom.info);
  list.replaceChildren();
  for (const [key, value] of Object.entries(fields)) {
    if (presentation.test(key) || key.startsWith('\0') || value === null || typeof value === 'object' && !Array.isArray(value)) continue;
    const term = document.createElement('dt'), description = document.createElement('dd');
    term.textContent = words(key);
    description.textContent = shown(value);
    list.append(term, description);
  }
  dom.info.showModal();
}

const any = words => ((words = words.split(' ')), words[Math.floor(Math.random() * words.length)]);
let editedRow = null; // {id, y} of the hero in the editor

const extras = {
  /// `+` on heroes: a random hero at the top, scrolled to.
  addHero() {
    setTop(0);
    batch({ insertRows: [{ section: 0, row: 0, fields: {
      name: `${any('Ash Cael Dara Fen Ivo Lys Mira Rook')} ${any('Vane Hale Thorn Frost')}`,
      title: any('Stormcaller Ironheart Wayfinder'),
      icon: 'hero-0' + any('1 2 3 4 5 6 7 8 9'),
      desc: 'A new hero. Their story is still unwritten.',
      tags: [any('Warrior Mage Support')],
    } }] }, 'insert', () => {}); // at the top, whatever others changed there
  },
  /// A tap on a hero: its name and title in the editor dialog.
  editHero(row) {
    const editor = dom.editor;
    editedRow = { id: row.dataset.rowId, y: row.dataset.y };
    for (const [key, selector] of heroFields) {
      const input = $(`[name=${key}]`, editor);
      input.value = input.defaultValue = $(selector, row)?.textContent || '';
      sayTheirs(input.closest('label'), null);
    }
    editor.returnValue = '';
    editor.showModal();
    renamed.observe(dom.layer, { subtree: true, childList: true, characterData: true });
  },
};

/// The editor's fields and where a hero's row shows them.
const heroFields = [['name', '.nm'], ['title', '.ti']];
/// While the editor is open someone else may rename the hero: a field not typed in takes their value; one typed
/// in keeps the draft and says theirs beside it, with Use Theirs. Save writes the draft over it: it is made on
/// the version drawn, which brought theirs, so every page then shows the draft.
const renamed = new MutationObserver(() => {
  const row = editedRow && state.elements.get('r' + editedRow.id);
  if (!row || !dom.editor.open) return;
  for (const [key, selector] of heroFields) {
    const input = $(`[name=${key}]`, dom.editor), theirs = $(selector, row)?.textContent ?? '';
    if (theirs === input.defaultValue) continue;
    const typed = input.value !== input.defaultValue;
    input.defaultValue = theirs;
    if (!typed || input.value === theirs) (input.value = theirs), sayTheirs(input.closest('label'), null);
    else sayTheirs(input.closest('label'), theirs, true); // the dialog saves only on Save: Tab may reach it
  }
});
dom.editor?.addEventListener('close', () => renamed.disconnect());
dom.editor?.addEventListener('click', event => {
  const take = event.target.closest('[data-action=theirs]'), input = take && $('input', take.closest('label'));
  if (!input) return;
  event.preventDefault(); // the label's own click would go to its field too
  input.value = input.defaultValue;
  sayTheirs(input.closest('label'), null);
  input.focus();
});

dom.editor?.addEventListener('close', async () => {
  if (dom.editor.returnValue !== 'save' || !editedRow) return;
  const form = new FormData($('form', dom.editor)), { id, y } = editedRow;
  try {
    const row = (await queryRows(y, 1)).rows.find(r => String(r.id) === id); // keeps the other fields
    batch({ updateRows: [{ id: +id, fields: { ...row?.fields, name: form.get('name'), title: form.get('title') } }] });
  } catch (error) {
    note(refusal(error, new Map(), t));
  }
});
