// The view in the URL: expanded sections, child table, search and the scroll anchor, so that a reload or a
// shared link shows the same view.
import { language, state } from './state.js';

/// The query parameters every window request carries for the view (each starts with `&`).
export function viewQuery() {
  const expanded = state.expandedText;
  let query = expanded == null ? '' : '&expanded=' + encodeURIComponent(expanded);
  if (state.editing) query += '&editing=1';
  if (state.child) query += '&child=' + encodeURIComponent(state.child);
  if (state.query) query += '&q=' + encodeURIComponent(state.query);
  if (language !== 'en') query += '&lang=' + language;
  return query;
}

let saveTimer;
/// Writes the view into the URL shortly, once scrolling pauses.
export function saveSoon() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, 200);
}

/// The view's place in `params`: the first visible row and the offset from it (offsets differ by width; rows do
/// not), else the server offset.
function placeIn(params) {
  const viewport = state.viewport, row = viewport.firstVisible(item => item.key[0] === 'r');
  row ? params.set('anchor', row.key.slice(1)) : params.delete('anchor');
  params.set('top', Math.round(row ? viewport.top - row.at : viewport.toServer(viewport.top)));
  return params;
}

/// Writes the view into the URL.
export function saveNow() {
  clearTimeout(saveTimer);
  const params = placeIn(new URLSearchParams(location.search)), expanded = state.expandedText;
  if (expanded != null) params.set('expanded', expanded);
  history.replaceState(history.state, '', '?' + params);
}

/// Back or Forward leaves the view: its place (`anchor`, `top`), which its URL may not have yet, and nothing of it
/// written later into the URL of the view that comes.
export function leaveView() {
  clearTimeout(saveTimer);
  return placeIn(new URLSearchParams());
}
