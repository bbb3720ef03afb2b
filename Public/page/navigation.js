// Moving through the table: sections that expand and collapse, the section index, and child tables and
// search, each a view in the URL (`child=`, `q=`) loaded as a page whose title, back control, index and first
// window replace the current ones.
import { leaveView, saveNow, saveSoon, viewQuery } from './address.js';
import { compactRanges, parseRanges } from './expanded.js';
import { $, dom, keyOf, state, t, windowSelector } from './state.js';
import { estimateWidth, followScroller, forgetContents, load, refresh, setTop, showView } from './windows.js';

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
/// How deep a child table is: its address is the rows' ids joined by `~`.
const depth = child => (child ? child.split('~').length : 0);

/// A still copy of the table as it is now (no ids, roles or hooks, so nothing mistakes it for the table),
/// laid over it for a transition.
function snapshot() {
  const copy = dom.scroller.cloneNode(true), box = dom.scroller.getBoundingClientRect();
  for (const element of [copy, ...copy.querySelectorAll('*')]) {
    for (const { name } of [...element.attributes])
      if (name === 'id' || name === 'role' || name === 'tabindex' || /^(aria|data)-(?!style$)/.test(name)) element.removeAttribute(name);
  }
  copy.inert = true;
  Object.assign(copy.style, { position: 'fixed', left: box.left + 'px', top: box.top + 'px', width: box.width + 'px',
    height: box.height + 'px', margin: 0, pointerEvents: 'none' });
  document.body.append(copy);
  copy.scrollTop = dom.scroller.scrollTop;
  return copy;
}

/// Slides the table in as UINavigationController pushes (from the right, the parent sliding partly under to
/// the left) or pops (the reverse), from a snapshot of what was shown; returns what starts it once the new
/// table is drawn.
function slide(push) {
  if (reducedMotion.matches) return () => {};
  const old = snapshot(), timing = { duration: 350, easing: 'cubic-bezier(.2,.8,.2,1)' };
  old.style.zIndex = push ? 0 : 4;
  dom.scroller.style.zIndex = 1;
  return () => {
    dom.scroller.animate([{ translate: push ? '100% 0' : '-30% 0' }, { translate: '0 0' }], timing);
    old.animate([{ translate: '0 0' }, { translate: push ? '-30% 0' : '100% 0' }], timing).onfinish = () => {
      old.remove();
      dom.scroller.style.zIndex = '';
    };
  };
}

/// The back control shows the parent's title when it fits and leaves the title centred and whole, else "Back",
/// as a navigation bar does (a long parent title pushed a short title off the bar's centre at 360 px).
export function fitBackTitle() {
  const back = $('.back'), title = $('#title');
  if (!back || back.dataset.action !== 'back') return;
  back.dataset.parent ??= back.textContent;
  back.textContent = back.dataset.parent;
  back.ariaLabel = null;
  const cut = element => element.scrollWidth > element.clientWidth + 1;
  const centre = box => (box.left + box.right) / 2;
  const offCentre = title && Math.abs(centre(title.getBoundingClientRect()) - centre(title.parentElement.getBoundingClientRect())) > 2;
  if (cut(back) || (title && cut(title)) || offCentre) {
    back.ariaLabel = back.dataset.parent;
    back.textContent = t('Back');
  }
}
fitBackTitle();
addEventListener('resize', fitBackTitle);

const placesLeft = new Map(); // where Back or Forward left a view (a child table, a search), until it is shown again
const viewOf = (child, query) => `${child || ''}\n${query || ''}`;
const viewIn = search => ((search = new URLSearchParams(search)), viewOf(search.get('child'), search.get('q')));

/// Loads the view `search` names (a child table, a search, the parent again); a deeper child table pushes in
/// and a shallower one pops back.
export function go(search) {
  const from = depth(state.child), to = depth(new URLSearchParams(search).get('child'));
  placesLeft.delete(viewIn(search));
  load(search, -Infinity, Infinity, 0, null, page => {
    const start = to !== from ? slide(to > from) : null;
    for (const selector of ['title', '#title', '.back', '#index']) $(selector).replaceWith($(selector, page));
    state.viewport.items = [];
    forgetContents();
    showView($(windowSelector, page), search);
    fitBackTitle();
    start?.();
  });
}

/// Opens a row's child table, as a push onto the history.
export function openChild(row) {
  saveNow();
  // A language the URL names goes along, so the child table reads in it too.
  const lang = new URLSearchParams(location.search).get('lang');
  history.pushState({ up: 1 }, '', '?child=' + row.dataset.child + (lang ? '&lang=' + encodeURIComponent(lang) : ''));
  go(location.search);
}

/// What an empty list says: "No Results for “…”" while searching, as UISearchController's results do; an empty
/// Settings page (the first window's kind, before the scroller takes it) says it has no settings.
function sayEmpty(text) {
  const kind = dom.scroller.dataset.kind || $(windowSelector)?.dataset.kind;
  $('#empty').textContent = text ? t('No Results for “%s”', text) : t(kind === 'settings' ? 'No Settings' : 'No rows');
}
sayEmpty(new URLSearchParams(location.search).get('q'));

let searchTimer;
/// Filters the list by the search field's text shortly after typing pauses; clearing it restores the view
/// from before the search.
export function searchSoon() {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => {
    const text = dom.search.value, params = new URLSearchParams(location.search), historyState = { ...history.state };
    if (!params.has('q')) saveNow(), (historyState.beforeSearch = location.search);
    for (const name of ['anchor', 'top', 'q']) params.delete(name);
    // An outline searched shows its matches with their ancestors expanded: the server picks the expanded nodes.
    if (state.outline && text) params.delete('expanded');
    if (text) params.set('q', text);
    const search = (!text && historyState.beforeSearch) || '?' + params;
    sayEmpty(text);
    history.replaceState(historyState, '', search);
    go(search);
  }, 150);
}

// Typing searches once it pauses; with an input method (pinyin, kana) only what it commits: nothing while the
// text is being composed, the committed text at compositionend.
if (dom.search) {
  dom.search.addEventListener('input', event => event.isComposing || searchSoon());
  dom.search.addEventListener('compositionstart', () => clearTimeout(searchTimer));
  dom.search.addEventListener('compositionend', searchSoon);
  dom.search.form.onsubmit = () => false;
}

/// Back and forward: the view of the URL, where it was left. Its URL has its place once scrolling pauses; one left
/// sooner (a scroll, then Back at once) has it from when it was left.
export function followHistory() {
  followScroller(); // a scroll whose event has not come yet
  placesLeft.set(viewOf(state.child, state.query), leaveView());
  const params = new URLSearchParams(location.search), place = placesLeft.get(viewIn(location.search));
  if (place) {
    params.delete('anchor');
    for (const [name, value] of place) params.set(name, value);
    history.replaceState(history.state, '', '?' + params);
  }
  sayEmpty((dom.search.value = params.get('q') || ''));
  go(location.search);
}

/// Expands or collapses a section from its header; the URL names the expanded sections from then on.
export function toggleSection(header) {
  const open = header.getAttribute('aria-expanded') !== 'true', item = state.viewport.items.find(i => i.key === keyOf(header));
  header.setAttribute('aria-expanded', open);
  // The URL's expanded sections, else the dataset's default.
  state.expanded ??= parseRanges(state.expandedText ?? state.meta.defaultExpanded, state.meta.sections || []);
  state.expanded[open ? 'add' : 'delete'](header.dataset.sectionId);
  state.expandedText = compactRanges(state.expanded);
  if (item && item.at < state.viewport.top) setTop(item.at);
  state.motion = 'fade';
  refresh();
  saveSoon();
}

/// The section index: one window from the section's header (`section=`), which then goes to the top.
export function jumpToSection(section) {
  const height = state.viewport.height, width = estimateWidth();
  const query = `section=${section}&top=${-Math.round(height * 0.75)}&height=${Math.round(height * 2.5)}&width=${width}${viewQuery()}`;
  load(query, NaN, NaN, width, () => {
    const header = state.viewport.items.find(item => item.header && item.section === section);
    if (header) setTop(header.at);
  });
}

/// Dragging along the section index scrubs through the sections, as UITableView's index tracks a finger: the
/// section under the pointer is jumped to as the pointer passes it, and the click that ends a drag is not a tap.
document.addEventListener('pointerdown', event => {
  const index = event.target.closest('#index');
  if (!index || event.button) return;
  let shown = event.target.closest('a')?.dataset.section, moved = false;
  const follow = moveEvent => {
    const box = index.getBoundingClientRect();
    const link = document.elementFromPoint(box.left + box.width / 2, Math.min(box.bottom - 1, Math.max(box.top + 1, moveEvent.clientY)))?.closest('#index a');
    if (!link || link.dataset.section === shown) return;
    // Captured only once the pointer leaves its letter, so that a tap stays a tap on the link.
    if (!moved) index.setPointerCapture(moveEvent.pointerId);
    shown = link.dataset.section;
    moved = true;
    jumpToSection(+shown);
  };
  index.addEventListener('pointermove', follow);
  index.addEventListener('pointerup', () => {
    index.removeEventListener('pointermove', follow);
    if (moved) index.addEventListener('click', click => (click.preventDefault(), click.stopPropagation()), { capture: true, once: true });
  }, { once: true });
});
