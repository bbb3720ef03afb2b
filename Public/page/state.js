// The page's one state object, its elements, and the helpers the modules share.
import { Viewport } from './viewport.js';

export const $ = (selector, root = document) => root.querySelector(selector);

export const datasetId = encodeURIComponent(decodeURIComponent(location.pathname.split('/')[2] || ''));
export const apiPath = '/api/datasets/' + datasetId;

export const dom = {
  scroller: $('[data-role=scroller]'),
  layer: $('.layer'), // the drawn items
  spacer: $('.spacer'), // the content height
  error: $('#err'),
  editButton: $('[data-action=edit]'),
  confirm: $('#confirm'),
  editor: $('#editor'),
  info: $('#info'),
  search: $('#q'),
  template: document.createElement('template'),
};

export const state = {
  viewport: new Viewport(),
  meta: {}, // GET /api/datasets/{id}
  window: {}, // the last window's data- attributes
  version: 0,
  expandedText: null, // the expanded ranges the URL names (null: the default)
  expanded: null, // the expanded section ids once a header was toggled (navigation.js)
  outline: null, // the outline the page shows: {section, count, visibleCount} (outline.js)
  picked: null, // the outline node a tap selected, by key
  siblingsOf: null, // the outline node whose siblings * expands, until the window that expands them comes
  child: null, // the child table's path
  query: null, // the search text
  editing: false,
  selection: new Set(), // row ids
  downloaded: new Set(), // row ids
  total: -1, // the row count Select All found
  elements: new Map(), // drawn items by key
  pools: {}, // released elements by cell kind (dequeueReusableCell)
  leaving: new Map(), // rows animating out, by key
  base: 0, // the content offset of the layer's transforms
  scrollTop: 0, // the scroller's position the viewport follows
  gone: null, // whether a drawn row's element is one the last change made elsewhere deleted
  relativeScroll: false, // whether scrolling comes from a wheel, a key or a touch (not the scroll bar)
  destination: null, // where End or Home's smooth scroll is headed (fetched first)
  request: null, // the window in flight: {query, controller}
  loaded: '', // the last window's query
  width: null, // the width it was laid out for
  focusKey: null, // the item with tabindex 0
  motion: null, // the next window's animation
  retry: null, // what Retry does
  reconnect: null, // what a lost connection does (live.js)
  swipe: null, // {row, x, y, dx, open, moving}
  pressed: null, // the row highlighted while pressed
  lifted: null, // the row a drag holds, kept when its window goes
  swallowClick: false, // the click that ends a swipe
  pendingConfirm: null, // what the confirmation's Delete does
  draftMet: null, // what a field being typed in does when its row changed elsewhere (controls.js)
  recountConfirm: null, // what the confirmation does when the selection's count changes (editing.js)
  confirmRow: null, // the one row the confirmation asks about, {id, name} (editing.js)
};

/// The root element of a window's fragment: a section's rows, or an outline's visible nodes.
export const windowSelector = '[data-role=window], [data-role=outline]';

/// `r` + row id, `h` + section id (header), `f` + section id (footer), `n` + node number (an outline's node: all
/// the nodes under one of the section's rows share its row id).
export function keyOf(element) {
  const data = element.dataset;
  if (data.node != null) return 'n' + data.node;
  if (data.rowId) return 'r' + data.rowId;
  return (data.cell === 'footer' ? 'f' : 'h') + data.sectionId;
}
export const itemOf = element => state.viewport.items.find(item => item.key === keyOf(element));

/// The interface's words in the page's language (the server writes them into the body; English is the key),
/// counts grouped as the language groups them.
const words = JSON.parse(document.body.dataset.text || '{}');
export const language = document.documentElement.lang;
export const t = (text, value) => (words[text] ?? text).replace(/%[ds]/, () => value?.toLocaleString(language));

/// The inline error; Retry calls `again`. No answer at all (fetch's TypeError): the connection heals itself.
export function fail(error, again) {
  if (state.reconnect && error instanceof TypeError) return state.reconnect();
  $('p', dom.error).textContent = t('Could not load: ') + error.message;
  state.retry = again;
  dom.error.hidden = false;
}
