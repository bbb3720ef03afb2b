// The dataset's capabilities and its event stream: every open page follows changes made elsewhere.
import { closeConfirmIfDeleted, followEmptiness, isOwn } from './editing.js';
import { refreshAfterGestures } from './gestures.js';
import { api, note } from './messages.js';
import { closeOpenRow } from './opened.js';
import { $, apiPath, datasetId, dom, fail, state, t } from './state.js';
import { follow } from './stream.js';
import { showSelectionCount } from './selection.js';
import { refresh } from './windows.js';
import { number } from './reading.js'; // on import, what assistive technology reads follows the windows

/// What the page adds for a kind, by the names of the interaction module's functions.
export const kindExtras = {
  heroes: { add: 'addHero', tap: 'editHero' },
};
export const extrasOf = () => kindExtras[state.meta.kind] || {};

/// Loads the dataset's capabilities (GET /api/datasets/{id}).
export async function loadDataset() {
  try {
    state.meta = await api(apiPath);
  } catch (error) {
    return fail(error, loadDataset);
  }
  dom.error.hidden = true;
  $('[data-action=add]').hidden = !extrasOf().add;
  followEmptiness(); // whether edit mode adds insertion rows to an empty list is known now
  number(); // the rows' places, now that the sections' counts are known
}

/// The section index again, once sections were inserted or deleted.
function reloadIndex() {
  return fetch(location.href).then(response => response.text()).then(html => {
    dom.template.innerHTML = html;
    $('#index').replaceWith($('#index', dom.template.content));
  });
}

let events = null; // the dataset's events, through the browser's one stream (stream.js)
addEventListener('pagehide', () => events?.close());

/// Follows the dataset's events from the version drawn (its Last-Event-ID); a lost stream reconnects.
export function followEvents() {
  events?.close();
  const data = event => {
    try { return JSON.parse(event.data); } catch { return {}; }
  };
  events = follow(datasetId, state.version, {
    error: reconnect,
    ready: event => data(event).version > state.version && refresh(),
    reload: () => loadDataset().then(refresh).then(reloadIndex),
    change: event => followChange(data(event)),
  });
}

/// A change made elsewhere (or the page's own, as every page hears it): selected rows it deletes leave the
/// selection, with a word; the window is fetched again, once no gesture holds the rows (gestures.js).
export function followChange(change) {
  const deleted = change.deleteRows || change.deletes || [];
  let dropped = 0;
  if (Array.isArray(deleted)) deleted.forEach(row => state.selection.delete(String(row?.id ?? row)) && dropped++);
  if (dropped && !isOwn(change.version)) note(t('Deleted elsewhere and deselected: %d', dropped));
  if (!isOwn(change.version) && Array.isArray(change.inserts)) state.selection.arrived(change.inserts, change.version);
  // The next window is asked from a row in view that the change left there (windows.js).
  const gone = new Set(Array.isArray(deleted) ? deleted.map(row => String(row?.id ?? row)) : []);
  const ranges = change.deleteRanges || [];
  state.gone = element => gone.has(element.dataset.rowId)
    || ranges.some(run => run.section === +element.dataset.section && +element.dataset.row >= run.row && +element.dataset.row < run.row + run.count);
  // A confirmation asking about a row deleted elsewhere goes, with a word.
  const inSections = new Set((change.sectionDeletes ?? []).flatMap(section => section?.rows ?? []).map(String));
  const drawn = id => state.elements.get('r' + id);
  if (!isOwn(change.version)) closeConfirmIfDeleted(id => gone.has(id) || inSections.has(id) || (!!drawn(id) && state.gone(drawn(id))));
  // An open swipe stays open through others' changes, unless they change or move its own row (UIKit's too).
  const open = $('[data-open]', dom.layer);
  const touches = entry => String(entry?.id ?? entry) === open?.dataset.rowId;
  if (open && !isOwn(change.version) && [change.updates, change.moves].some(list => list?.some?.(touches))) closeOpenRow();
  showSelectionCount();
  if (change.version > state.version) refreshAfterGestures(change.animation);
  if (change.sectionInserts?.length || change.sectionDeletes?.length) reloadIndex();
}

let delay = 0, retrying = 0; // the next try's backoff (ms) and its timer
/// The connection is lost (the stream dropped, a fetch had no answer): says "Reconnecting…" at once and asks
/// the server again after 0.5 s, then 1, 2 and 4 s, until it answers; then the stream resumes from the version
/// drawn, the visible window is fetched again and the message goes. An answer that is an error is said, with
/// Retry.
export function reconnect() {
  events?.close();
  $('#offline').hidden = false;
  if (retrying) return;
  delay = Math.min(2 * delay || 500, 4000);
  retrying = setTimeout(async () => {
    retrying = 0;
    try {
      state.meta = await api(apiPath);
    } catch (error) {
      if (error instanceof TypeError) return reconnect(); // not back yet
      $('#offline').hidden = true;
      delay = 0;
      return fail(error, reconnect); // back, but answering with an error
    }
    delay = 0;
    $('#offline').hidden = dom.error.hidden = true;
    followEvents();
    refresh();
  }, delay);
}
state.reconnect = reconnect;
