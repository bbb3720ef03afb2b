// The selection: rows chosen by tap, by key or, in Manage mode, by checkbox; counted in the edit bar. It is kept
// as ranges, never fetched: rows picked one by one, runs of rows (Shift-click, Shift+arrows) by their first and
// last row, or every row (Select All, Ctrl/Cmd+A), each less the rows taken out of it. A run is counted from the
// sections' row counts, so any count shows at once, a million rows included, and a delete of it is one batch
// of runs that the server resolves (`deleteRows: [{"from": id, "to": id}, {"section": id, "toSection": id}]`).
import { viewQuery } from './address.js';
import { api, note } from './messages.js';
import { $, apiPath, language, state, t } from './state.js';
import { dressAll } from './windows.js';

/// A row's place: its id and its section and row indexes at the selection's version.
const before = (a, b) => a.section < b.section || (a.section === b.section && a.row < b.row);
const within = (place, run) => !before(place, run.from) && !before(run.to, place);

/// Rows as ranges. `has`, `add`, `delete`, `clear` and `size` work as a Set of row ids does, for the modules that
/// use it so; places come from the drawn rows.
export class Selection {
  constructor() {
    this.clear();
  }

  clear() {
    if (this === selection) edits++;
    this.all = false; // every row
    this.ids = new Map(); // rows picked one by one, outside every run: id → place
    this.runs = []; // {from, to} places, in table order, disjoint
    this.except = new Map(); // rows taken out of the runs or of all: id → place
    this.version = state.version; // the version the places are of
    this.counts = (state.meta.sections || []).map(section => section.rowCount); // rows per section, of `countsVersion`
    this.countsVersion = state.meta.version;
  }

  /// A copy (the state before a Shift extension, which the next one replaces).
  copy() {
    const copy = Object.assign(Object.create(Selection.prototype), this);
    return Object.assign(copy, { ids: new Map(this.ids), runs: [...this.runs], except: new Map(this.except) });
  }

  has(id) {
    if (this === selection && this.stale) reanchor(); // a change came since: find the runs' rows again
    id = String(id);
    if (this.ids.has(id)) return true;
    if (this.except.has(id)) return false;
    if (this.all) return true;
    const place = this.runs.length && placeOf(id);
    return !!place && this.runs.some(run => within(place, run));
  }

  /// Adds a row; `place` defaults to where the row is drawn.
  add(id, place = placeOf(id)) {
    if (this === selection) edits++;
    id = String(id);
    if (this.except.delete(id) || this.has(id) || !place) return this;
    this.ids.set(id, place);
    return this;
  }

  /// Takes a row out; returns whether it was selected.
  delete(id) {
    if (this === selection) edits++;
    id = String(id);
    if (this.ids.delete(id)) return true;
    if (!this.has(id)) return false;
    const place = placeOf(id);
    if (place) this.except.set(id, place);
    return !!place;
  }

  /// Adds every row from one place to the other, both included.
  addRun(a, b) {
    if (this === selection) edits++;
    let run = before(b, a) ? { from: b, to: a } : { from: a, to: b };
    for (const [id, place] of this.except) if (within(place, run)) this.except.delete(id);
    if (this.all) return this;
    const kept = [];
    for (const other of this.runs) {
      if (before(other.to, run.from) || before(run.to, other.from)) kept.push(other);
      else run = { from: before(other.from, run.from) ? other.from : run.from, to: before(run.to, other.to) ? other.to : run.to };
    }
    for (const [id, place] of this.ids) if (within(place, run)) this.ids.delete(id);
    this.runs = [...kept, run].sort((x, y) => (before(x.from, y.from) ? -1 : 1));
    return this;
  }

  selectAll() {
    this.clear();
    this.all = true;
  }

  get size() {
    if (this.all) return Math.max(0, tableTotal() - this.except.size);
    return this.runs.reduce((sum, run) => sum + this.length(run), 0) + this.ids.size - this.except.size;
  }

  /// How many rows a run holds, from the sections' counts at the selection's version.
  length(run) {
    if (run.from.section === run.to.section) return run.to.row - run.from.row + 1;
    let sum = (this.counts[run.from.section] ?? 0) - run.from.row + run.to.row + 1;
    for (let section = run.from.section + 1; section < run.to.section; section++) sum += this.counts[section] ?? 0;
    return sum;
  }

  /// The batch's `deleteRows`: ids, runs and every row as the server reads them, each with its exceptions.
  deletes() {
    const except = run => [...this.except].filter(([, place]) => !run || within(place, run)).map(([id]) => +id);
    const withExcept = (item, ids) => (ids.length ? { ...item, except: ids } : item);
    if (this.all) {
      const sections = state.meta.sections || [];
      if (!sections.length) return [];
      return [withExcept({ section: sections[0].id, toSection: sections[sections.length - 1].id }, except())];
    }
    const runs = this.runs.map(run => withExcept({ from: +run.from.id, to: +run.to.id }, except(run)));
    return [...[...this.ids.keys()].map(Number), ...runs];
  }

  /// Whether the places are of another version than the one drawn (a change came since).
  get stale() {
    const versions = this.version !== state.version || (this.runs.length && this.countsVersion !== this.version);
    return versions && !!(this.runs.length || this.ids.size || this.except.size);
  }
}

/// The place of a drawn row, if it is drawn, at the version drawn.
function placeOf(id) {
  const element = state.elements.get('r' + id);
  if (!element || element.dataset.section == null) return null;
  return { id: String(id), section: +element.dataset.section, row: +element.dataset.row };
}

/// Every row of the table (of the search's matches while searching).
const total = () => (state.query ? +(state.window.matches ?? 0) : tableTotal());
/// Whether every row shown is selected (every row of the table, or of the search's matches).
const allPicked = () => (selection.all && !selection.except.size) || selection.size === total();
/// Every row of the table, which Select All names whether or not a search shows some of them.
const tableTotal = () => (state.meta.sections || []).reduce((sum, section) => sum + section.rowCount, 0);

let edits = 0; // changes to the selection, so that finding its rows again does not undo a newer one
let selection = null; // the page's selection (null while it is made)
selection = new Selection();
for (const id of state.selection || []) selection.add(id);
state.selection = selection;

/// The edit bar's count, its Delete and Select All / Deselect All.
export function showSelectionCount() {
  if (selection.stale) reanchor();
  const count = selection.size;
  $('[data-role=selected-count]').textContent = t('%d selected', count.toLocaleString(language || undefined));
  $('[data-action=delete-selected]').disabled = !count;
  $('[data-action=select-all]').textContent = t(count && allPicked() ? 'Deselect All' : 'Select All');
}

let anchor = null; // the place a Shift extension starts from
let beforeExtension = null; // the selection before the current Shift extension, which the next one replaces

/// Selects a row (`many`: adds it to the selection, or removes it when selected; `extend`: only adds).
export function pick(row, many, extend) {
  const id = row.dataset.rowId, wasSelected = selection.has(id);
  if (!many) selection.clear();
  if (wasSelected && !extend && (many || !selection.size)) selection.delete(id);
  else selection.add(id);
  const place = placeOf(id);
  anchor = place && { ...place, y: +row.dataset.y, version: state.version };
  beforeExtension = null;
  dressAll();
  showSelectionCount();
}

/// Shift-click and Shift+arrows: every row from the anchor (the last row picked) to `row`, drawn or not; the
/// next extension from the same anchor replaces this one, as in any list of files.
export function pickRange(row) {
  const place = placeOf(row.dataset.rowId);
  if (!place) return;
  if (state.query) {
    const [from, to] = [anchor?.y ?? +row.dataset.y, +row.dataset.y].sort((a, b) => a - b);
    anchor ??= { ...place, y: +row.dataset.y, version: state.version };
    return pickMatches(from, to + 1);
  }
  if (!anchor || anchor.version !== state.version) {
    anchor = { ...place, version: state.version };
    beforeExtension = null;
  }
  beforeExtension ??= selection.copy();
  Object.assign(selection, beforeExtension.copy().addRun(anchor, place));
  edits++;
  dressAll();
  showSelectionCount();
}

/// Shift+arrows: from `row` (where the keys start when nothing was picked to start from) to `next`.
export function extendSelection(row, next) {
  if (!anchor && row?.dataset.rowId) pick(row, true, true);
  pickRange(next);
}

/// Ctrl/Cmd+A: every row of the table.
export function selectEveryRow() {
  if (!allPicked()) selectAll();
}

/// Selects every row of the table, or none when all are selected.
export function selectAll() {
  if (selection.size && allPicked()) selection.clear();
  else if (state.query) return pickMatches(0, Math.ceil(state.viewport.serverHeight) + 1);
  else selection.selectAll();
  anchor = beforeExtension = null;
  dressAll();
  showSelectionCount();
}

/// The selection at the version drawn, once its rows are found again after a change.
export async function settledSelection() {
  if (selection.stale) await reanchor();
  return selection;
}

let reanchoring = null;
/// After a change, finds the selection's rows again by id (a window anchored at each), so that runs count and
/// show the rows between their ends at the version drawn; a row no longer there leaves the selection.
let reanchoredAt = -1; // the version last tried, so a failure is not tried again until the next change
function reanchor() {
  if (reanchoring || reanchoredAt === state.version) return reanchoring ?? Promise.resolve();
  const version = (reanchoredAt = state.version), edited = edits;
  const find = async id => {
    const found = await api(`${apiPath}/window?anchor=${id}&top=0&height=1&overscan=0`).catch(() => null);
    const row = found?.rows?.find(item => String(item.id) === String(id));
    return row && found.version === version ? { id: String(id), section: row.section, row: row.row } : null;
  };
  reanchoring = (async () => {
    const meta = state.meta.version === version ? state.meta : await api(apiPath).catch(() => null);
    if (!meta || meta.version !== version) return;
    state.meta = meta;
    const places = async map => new Map((await Promise.all([...map.keys()].map(find))).filter(Boolean).map(p => [p.id, p]));
    const runs = (await Promise.all(selection.runs.map(async run => ({ from: await find(run.from.id), to: await find(run.to.id) }))))
      .filter(run => run.from && run.to);
    const [ids, except] = [await places(selection.ids), await places(selection.except)];
    if (state.version !== version || edits !== edited) return void (reanchoredAt = -1); // tried again when asked
    const next = selection.copy();
    next.clear();
    const counts = meta.sections.map(section => section.rowCount);
    Object.assign(next, { all: selection.all, ids, except, counts, countsVersion: version });
    for (const run of runs) next.addRun(run.from, run.to);
    for (const [id, place] of except) next.except.set(id, place); // addRun took them out again
    Object.assign(selection, next);
    anchor = beforeExtension = null;
  })().finally(() => {
    reanchoring = null;
    dressAll();
    showSelectionCount();
  });
  return reanchoring;
}

/// The rows of a window as JSON, for actions that need fields the cells do not show.
export const queryRows = (top, height) => api(`${apiPath}/window?top=${top}&height=${height}&overscan=0${viewQuery()}`);

/// While searching, the rows between two offsets of the matches are picked one by one (a run on the server is of
/// the whole table), asked for in windows the server takes (at most 20,000 points each).
async function pickMatches(top, bottom) {
  const version = state.version;
  try {
    for (let from = top; from < bottom; from += 20000) {
      const window = await queryRows(from, Math.min(20000, bottom - from));
      if (window.version !== version) return;
      for (const row of window.rows) if (row.y >= top && row.y < bottom) selection.add(String(row.id), { id: String(row.id), section: row.section, row: row.row });
    }
  } catch (error) {
    note(t('Could not load: ') + error.message);
  }
  dressAll();
  showSelectionCount();
}
