// Windows: what to fetch for the viewport; fragments drawn onto recycled elements (dequeueReusableCell).
// Every placement goes through draw() and place().
import { saveNow, saveSoon, viewQuery } from './address.js';
import { placed, put } from './placement.js';
import { $, datasetId, dom, fail, keyOf, state, t } from './state.js';
import { clamp, Ranges } from './viewport.js';

// The first window needs no batch animation nor placeholder rows: they load after.
let motion = null, placeholders = null;
import('./motion.js').then(module => (motion = module));
import('./placeholders.js').then(module => (placeholders = module));

const drawnContents = new WeakMap(); // element -> the HTML it shows

export { placed, put }; // for the modules that move rows themselves
/// `element`'s content changed here as the next window will have it (`from` became `to`): that window leaves it be.
export function expectContents(element, from, to) {
  const contents = drawnContents.get(element);
  if (contents != null) drawnContents.set(element, contents.replace(from, to));
}
/// The next window redraws every element's content.
export const forgetContents = () => state.elements.forEach(element => drawnContents.delete(element));

/// The viewport to where the browser scrolled, before any layout change (which then never undoes it).
export function followScroller() {
  const position = dom.scroller.scrollTop;
  if (Math.abs(position - state.scrollTop) >= 1) state.viewport.scrolled(position, state.scrollTop, state.relativeScroll);
  state.scrollTop = position;
}

/// The viewport's numbers onto the elements; the scroller moves under the cap, past it only with `moveScroller`.
export function draw(moveScroller = state.viewport.ratio === 1) {
  const viewport = state.viewport, base = (state.base = Math.round(viewport.top));
  dom.spacer.style.height = viewport.scrollHeight + 'px';
  const scrollTop = Math.round(viewport.scrollTopFor(viewport.top));
  if (moveScroller && Math.abs(dom.scroller.scrollTop - scrollTop) >= 1) dom.scroller.scrollTop = scrollTop;
  state.scrollTop = dom.scroller.scrollTop;
  for (const item of viewport.items) put(state.elements.get(item.key), item.at - base);
  $('#empty').hidden = viewport.items.length > 0;
  place();
}

/// The layer under the scroller's position, placeholders where rows are missing, plain style's pinned headers.
export function place() {
  const viewport = state.viewport, base = state.base;
  // Chromium lays out lengths up to ±33.5 million px: past the height cap, End, Home or a jump takes the view tens
  // of millions of px from the base the elements are placed from, so they are placed again from where it is.
  if (Math.abs(viewport.top - base) > 1e6) return draw(false);
  dom.layer.style.top = dom.scroller.scrollTop - viewport.top + base + 'px';
  placeholders?.fill();
  if (state.window.style !== 'plain') return;
  viewport.items.forEach((item, index) => {
    if (!item.header) return;
    const element = state.elements.get(item.key), at = viewport.pinnedAt(index);
    put(element, at - base);
    element.classList.toggle('pinned', at !== item.at);
  });
  placeholders?.pinHeader();
}

const measuredSizes = () => new Map([...state.elements].map(([key, element]) => [key, element.getBoundingClientRect().height]));
export const resized = new ResizeObserver(() => {
  followScroller();
  if (state.viewport.measure(measuredSizes())) draw(), need();
});

export function setTop(top) {
  const viewport = state.viewport;
  viewport.top = clamp(top, 0, viewport.maxTop);
  draw(true);
  need();
  saveSoon();
}

/// The width the server estimates rows' heights for: the layer's, less what a wide page's readable column leaves
/// aside (rows' content is padded past 16 px then).
export function estimateWidth() {
  const content = $('.row:not([hidden]) .rc', dom.layer), padding = content ? parseFloat(getComputedStyle(content).paddingLeft) : 16;
  return Math.round(dom.layer.clientWidth - 2 * Math.max(0, padding - 16));
}

/// Fetches the window the viewport needs (where a scroll is headed, first) unless what is drawn or asked for
/// covers it (or `force`). A window on its way that meets the view lands first; need() runs again then.
export function need(force) {
  const viewport = state.viewport, at = state.destination ?? viewport.top, overscan = viewport.height * 0.75;
  if (!force && !viewport.needsWindow(at)) return;
  if (!force && state.request && viewport.asked.list.some(([from, to]) => from < at + viewport.height && to > at)) return;
  const window = viewport.request(at), width = estimateWidth();
  // An outline's window is its visible nodes from an offset: no anchor row (nodes share their row's id). Asked
  // with `siblings=` (*), it says the nodes it shows expanded, which the URL names from then on.
  if (state.outline) {
    const plain = () => `top=${window.top}&height=${window.height}${viewQuery()}`, siblings = state.siblingsOf;
    const query = plain() + (siblings == null ? '' : `&siblings=${siblings}`);
    if (!force && query === state.loaded) return;
    load(query, at - overscan, at + viewport.height + overscan, width, siblings == null ? null : () => {
      state.siblingsOf = null;
      state.expandedText = state.window.expanded;
      state.loaded = plain();
      saveNow();
    });
    return;
  }
  // Another width, other estimates and server offsets, or a window asked again (a new version: rows come and go
  // above the view): ask from a row in view that is still there (at the top, from the top).
  const stays = item => item.key[0] === 'r' && !state.gone?.(state.elements.get(item.key));
  const anchor = (width !== state.width || force) && at === viewport.top && at > overscan && viewport.firstVisible(stays);
  const start = anchor
    ? `anchor=${anchor.key.slice(1)}&top=${Math.floor(Math.max(0, at - overscan) - anchor.at)}`
    : `top=${window.top}`;
  const query = `${start}&height=${window.height}&width=${width}${viewQuery()}`;
  if (!force && query === state.loaded) return; // the same window again would bring nothing new
  load(query, at - overscan, at + viewport.height + overscan, width);
}
export const refresh = () => need(true);

/// Fetches a fragment (with `page`: the page for the search `query`) and draws it; a next one cancels it.
/// [from, to] is what it was asked for, in content offsets.
export function load(query, from, to, width, then, page) {
  state.request?.controller.abort();
  const viewport = state.viewport, request = (state.request = { query, controller: new AbortController() });
  viewport.asked = new Ranges([[from, to]]);
  const settled = () => state.request === request && ((state.request = null), (viewport.asked = new Ranges()), true);
  const route = page ? `/d/${datasetId}${query}`
    : state.outline ? `/d/${datasetId}/sections/${state.outline.section}/outline?${query}` : `/d/${datasetId}/fragment?${query}`;
  fetch(route, { signal: request.controller.signal })
    .then(response => (response.ok ? response.text() : Promise.reject(new Error(`HTTP ${response.status}`))))
    .then(html => {
      if (!settled()) return;
      state.loaded = query;
      state.width = width;
      dom.error.hidden = true;
      dom.template.innerHTML = html;
      if (page) page(dom.template.content);
      else drawWindow(dom.template.content.firstElementChild), then?.();
      need();
    })
    .catch(error => {
      if (error.name === 'AbortError' || !settled()) return;
      fail(error, refresh);
    });
}

function copyAttributes(element, from) {
  for (const { name } of [...element.attributes]) if (!from.hasAttribute(name) && name !== 'data-open') element.removeAttribute(name);
  for (const { name, value } of from.attributes) if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/// The page's state on an element: selection, downloads, the roving tabindex (Tab reaches the focused row's
/// controls).
export function dress(element) {
  const row = element.dataset.rowId, download = $('[data-action=download]', element), key = keyOf(element);
  // A choice list's chosen row is selected, as its checkmark says; an outline's node by itself (its row's other
  // nodes share its id).
  if (row) element.setAttribute('aria-selected', element.dataset.node != null ? key === state.picked
    : state.selection.has(row) || (!!element.dataset.choice && element.dataset.accessory === 'checkmark'));
  // A row is named by the text it shows: not by the swipe's buttons it also holds, edit mode's minus and grip, an
  // app's Download, a choice's checkmark (its selection says it) or a node's triangle.
  const content = row && ($('.tx', element) || $('.rc', element));
  if (content) element.setAttribute('aria-labelledby', (content.id = 'c' + (element.dataset.node != null ? key : row)));
  if (download) download.disabled = state.downloaded.has(row);
  const focused = key === state.focusKey;
  if (element.ariaHidden !== 'true') element.tabIndex = focused ? 0 : -1; // an untitled header is no stop
  for (const control of element.querySelectorAll('button:not([data-action=theirs]), a, [role=switch]')) control.tabIndex = focused ? 0 : -1;
}
export const dressAll = () => state.elements.forEach(dress);

/// Back to its cell kind's pool.
export function release(element) {
  if (element.contains(document.activeElement)) dom.scroller.focus({ preventScroll: true });
  motion?.stopAnimations(element);
  resized.unobserve(element);
  element.hidden = true;
  for (const name of ['data-row-id', 'data-section-id', 'data-open', 'role']) element.removeAttribute(name);
  const pool = (state.pools[element.dataset.cell] ??= []);
  pool.length < 24 ? pool.push(element) : element.remove();
}

/// Whether a field of `element` is being typed in.
const typingIn = element => element.contains(document.activeElement) && document.activeElement.matches('input:not([type=range]), textarea');

/// Draws a window on the elements that showed its items, pooled ones or its own; the others leave.
export function drawWindow(window) {
  followScroller();
  const data = window.dataset, previous = state.elements, live = new Map(), list = [];
  // A row lifted by a drag stays under the pointer, out of the window or back in it.
  if (state.lifted) previous.set(keyOf(state.lifted), state.lifted);
  const change = state.motion && motion?.record(previous, state.motion, release);
  state.motion = null;
  const changed = +data.version !== state.version; // refills at a new version animate
  if (changed) state.gone = null;
  state.window = { ...data };
  state.version = +data.version;
  state.outline = data.role === 'outline'
    ? { section: +data.section, count: +data.count, visibleCount: +window.getAttribute('aria-rowcount') } : null;
  dom.scroller.dataset.style = data.style;
  dom.scroller.dataset.kind = data.kind;
  dom.editButton.hidden = data.editable !== 'true';
  if (!state.editing) dom.editButton.textContent = t(data.editStyle === 'select' ? 'Manage' : 'Edit');
  for (const node of [...window.children]) {
    const key = keyOf(node);
    let element = previous.get(key) || motion?.revive(key);
    // A node's triangle links to the page with it toggled, for pages without script; here a tap toggles it, and
    // its link (which names the whole expanded set) would make every node's contents differ at each toggle.
    for (const link of node.querySelectorAll('a.disclosure[href]')) link.removeAttribute('href');
    const contents = node.innerHTML;
    if (element) {
      previous.delete(key);
      copyAttributes(element, node);
      // Same content, same elements: an open swipe, its Delete, a field being typed in survive others' changes
      // (the field is told what the row holds now: controls.js).
      const typing = typingIn(element);
      if (drawnContents.get(element) !== contents && !typing) {
        element.removeAttribute('data-open'); // its own row changed: the swipe closes
        if (changed) change?.refill(element, node);
        element.replaceChildren(...node.childNodes);
        drawnContents.set(element, contents);
      } else if (typing && drawnContents.get(element) !== contents) state.draftMet?.(document.activeElement, node);
    } else if ((element = state.pools[node.dataset.cell]?.pop())) {
      element.removeAttribute('data-open');
      copyAttributes(element, node);
      element.replaceChildren(...node.childNodes);
      drawnContents.set(element, contents);
    } else dom.layer.append((element = node)), drawnContents.set(element, contents);
    live.set(key, element);
    resized.observe(element);
    const item = node.dataset;
    list.push({ key, y: +item.y, h: +item.h, section: +(item.section ?? 0), end: +item.end || 0, header: item.cell === 'header' });
  }
  for (const [key, element] of previous) if (element !== state.lifted && !change?.leave(key, element)) release(element);
  state.elements = live;
  live.forEach(dress); // once every row drawn is known: a run's rows find their places among them
  const sizes = measuredSizes();
  // A new version while the person is not scrolling: the offset and the scroll bar go to where the rows shown now
  // are in the table (they stay on screen), however many rows others' batches put or took above them.
  const rebase = changed && !state.relativeScroll, viewport = state.viewport;
  viewport.setWindow(list.map(item => ({ ...item, size: sizes.get(item.key) })), +data.contentHeight, rebase);
  draw(viewport.ratio === 1 || rebase);
  change?.play();
  const focused = live.get(state.focusKey);
  if (focused && [dom.scroller, document.body].includes(document.activeElement)) focused.focus({ preventScroll: true });
}

/// Runs `then` once the page's first contentful paint is done (three seconds on at most).
function afterFirstPaint(then) {
  let done = false;
  const once = () => done || ((done = true), then());
  if (performance.getEntriesByName('first-contentful-paint').length) return once();
  new PerformanceObserver(list => list.getEntriesByName('first-contentful-paint').length && once()).observe({ type: 'paint' });
  setTimeout(once, 3000);
}

/// Shows a page's first window (`window`, from its HTML) for the URL's search `search`.
export function showView(window, search) {
  const params = new URLSearchParams(search);
  const anchor = window && params.get('anchor') && $(`[data-row-id="${CSS.escape(params.get('anchor'))}"]`, window);
  Object.assign(state, { child: params.get('child'), query: params.get('q'), expandedText: params.get('expanded'), expanded: null });
  state.viewport.top = (+params.get('top') || 0) + (anchor ? +anchor.dataset.y : 0);
  state.scrollTop = dom.scroller.scrollTop; // the view's place, not the scroller's, is where the content is
  if (window) window.remove(), drawWindow(window), draw(true);
  need();
  // Heights estimated for another width (the page's first window knows none): asked again for this one once the
  // rows from the HTML are painted, before a jump reads the table's height.
  if (state.window.width != null && Math.abs(state.window.width - estimateWidth()) >= 40)
    afterFirstPaint(() => Math.abs(state.window.width - estimateWidth()) >= 40 && need(true));
}
