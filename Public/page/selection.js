// The selection: rows chosen by tap, by key or, in Manage mode, by checkbox; counted in the edit bar. It is kept
// as ranges, never fetched: rows picked one by one, runs of rows (Shift-click, Shift+arrows) by their first and
// last row, or every row (Select All, Ctrl/Cmd+A), each less the rows taken out of it. A run is counted from the
// sections' row counts, so any count shows at once, a million rows included, and a delete of it is one batch
// of runs that the server resolves (`deleteRows: [{"from": id, "to": id}, {"section": id, "toSection": id}]`).
import { viewQuery } from './address.js';
import { api, note } from './messages.js';
import { Runs, rowsOf } from './runs.js';
import { $, apiPath, dom, language, state, t } from './state.js';
import { dressAll } from './windows.js';

/// The rows drawn, at the version drawn, as the selection reads them.
const table = {
  get version() {
    return state.version;
  },
  get meta() {
    return state.meta;
  },
  placeOf,
};

/// The page's rows as ranges (runs.js), over the rows drawn: a change to the page's selection is counted, so that
/// finding its rows again does not undo a newer one, and it finds its rows again when a change came since.
export class Selection extends Runs {
  constructor() {
    super(table);
  }

  clear() {
    if (this === selection) edits++;
    super.clear();
  }

  has(id) {
    if (this === selection && this.stale) reanchor(); // a change came since: find the runs' rows again
    return super.has(id);
  }

  add(id, place) {
    if (this === selection) edits++;
    return super.add(id, place);
  }

  delete(id) {
    if (this === selection) edits++;
    return super.delete(id);
  }

  addRun(a, b) {
    if (this === selection) edits++;
    return super.addRun(a, b);
  }
}

/// The place of a drawn row in the whole table, if it is drawn, at the version drawn (a search's result says
/// its own, `data-at`, apart from its place among the results).
function placeOf(id) {
  const element = state.elements.get('r' + id);
  if (!element || element.dataset.section == null) return null;
  const [section, row] = (element.dataset.at ?? `${element.dataset.section}.${element.dataset.row}`).split('.');
  return { id: String(id), section: +section, row: +row };
}

/// Every row of the table (of the search's matches while searching).
const total = () => (state.query ? +(state.window.matches ?? 0) : tableTotal());
/// Whether every row shown is selected (every row of the table, or of the search's matches).
const allPicked = () => (selection.all && !selection.except.size) || selection.size === total();
/// Every row of the table, which Select All names whether or not a search shows some of them.
const tableTotal = () => rowsOf(state.meta.sections);

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
  if (dom.confirm.open) state.recountConfirm?.(count); // the delete confirmation asks about this count
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
/// show the rows between their ends at the version drawn, less the rows others inserted between them; a row no
/// longer there leaves the selection.
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
    // Rows others inserted come with their places at the version they came in: asked for only when more came since.
    const arrived = [...selection.arrivals.values()];
    const arrivals = new Map((await Promise.all(arrived.map(row => (row.version === version ? row : find(row.id)))))
      .filter(Boolean).map(({ id, section, row }) => [id, { id, section, row }]));
    if (state.version !== version || edits !== edited) return void (reanchoredAt = -1); // tried again when asked
    const next = selection.copy();
    next.clear();
    const counts = meta.sections.map(section => section.rowCount);
    Object.assign(next, { all: selection.all, ids, except, counts, countsVersion: version });
    for (const run of runs) next.addRun(run.from, run.to);
    for (const [id, place] of except) next.except.set(id, place); // addRun took them out again
    next.keepOut(arrivals);
    for (const [id, row] of selection.arrivals) if (!arrived.includes(row)) next.arrivals.set(id, row); // came meanwhile
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
      for (const row of window.rows) if (row.y >= top && row.y < bottom && row.at) selection.add(String(row.id), { id: String(row.id), ...row.at });
    }
  } catch (error) {
    note(t('Could not load: ') + error.message);
  }
  dressAll();
  showSelectionCount();
}
