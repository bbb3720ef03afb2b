// Moving through the table: sections that expand and collapse, the section index, and child tables and
// search, each a view in the URL (`child=`, `q=`) loaded as a page whose title, back control, index and first
// window replace the current ones.
import { expandedSet, saveNow, saveSoon, viewQuery } from './address.js';
import { $, dom, keyOf, state } from './state.js';
import { forgetContents, load, refresh, setTop, showView } from './windows.js';

/// Loads the view `search` names (a child table, a search, the parent again).
export function go(search) {
  load(search, -Infinity, Infinity, 0, null, page => {
    for (const selector of ['title', '#title', '.back', '#index']) $(selector).replaceWith($(selector, page));
    state.viewport.items = [];
    forgetContents();
    showView($('[data-role=window]', page), search);
  });
}

/// Opens a row's child table, as a push onto the history.
export function openChild(row) {
  saveNow();
  history.pushState({ up: 1 }, '', '?child=' + row.dataset.child);
  go(location.search);
}

let searchTimer;
/// Filters the list by the search field's text shortly after typing pauses; clearing it restores the view
/// from before the search.
export function searchSoon() {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => {
    const text = dom.search.value, params = new URLSearchParams(location.search), historyState = { ...history.state };
    if (!params.has('q')) saveNow(), (historyState.beforeSearch = location.search);
    for (const name of ['anchor', 'top', 'q']) params.delete(name);
    if (text) params.set('q', text);
    const search = (!text && historyState.beforeSearch) || '?' + params;
    history.replaceState(historyState, '', search);
    go(search);
  }, 150);
}

/// Back and forward: the view of the URL.
export function followHistory() {
  dom.search.value = new URLSearchParams(location.search).get('q') || '';
  go(location.search);
}

/// Expands or collapses a section from its header.
export function toggleSection(header) {
  const open = header.getAttribute('aria-expanded') !== 'true', item = state.viewport.items.find(i => i.key === keyOf(header));
  header.setAttribute('aria-expanded', open);
  state.expanded ??= expandedSet();
  state.expanded[open ? 'add' : 'delete'](header.dataset.sectionId);
  if (item && item.at < state.viewport.top) setTop(item.at);
  state.motion = 'fade';
  refresh();
  saveSoon();
}

/// The section index: one window from the section's header (`section=`), which then goes to the top.
export function jumpToSection(section) {
  const height = state.viewport.height, width = dom.layer.clientWidth;
  const query = `section=${section}&top=${-Math.round(height * 0.75)}&height=${Math.round(height * 2.5)}&width=${width}${viewQuery()}`;
  load(query, NaN, NaN, width, () => {
    const header = state.viewport.items.find(item => item.header && item.section === section);
    if (header) setTop(header.at);
  });
}
