// The table page (/d/{id}): what the first window needs to draw and scroll loads with it; the other modules
// of page/ load right after.
import { saveSoon } from './page/address.js';
import { $, dom, keyOf, state, windowSelector } from './page/state.js';
import { dressAll, followScroller, need, place, refresh, showView } from './page/windows.js';

const laterModules = ['actions', 'controls', 'editing', 'gestures', 'indexbar', 'keys', 'live', 'menu', 'navigation', 'opened', 'pull'];
let pending;
/// The modules loaded after the first window, by name.
function interaction() {
  pending ??= Promise.all(laterModules.map(name => import(`./page/${name}.js`)))
    .then(modules => Object.fromEntries(laterModules.map((name, index) => [name, modules[index]])));
  return pending;
}
let loaded = null; // the same once loaded
/// Hands an event to a module's handler: at once when loaded, else in order once it is.
const later = (module, handler, event) =>
  loaded ? loaded[module][handler](event) : interaction().then(modules => modules[module][handler](event));

/// What must not wait for a module (the links the page takes over) here; the rest in actions.js.
function click(event) {
  const action = event.target.closest('[data-action]')?.dataset.action;
  if (action === 'retry') return (dom.error.hidden = true), state.retry?.();
  if (action === 'back' && history.state?.up) return event.preventDefault(), history.back();
  // Header, child, index and outline links, for pages without script.
  if (event.target.closest('.ht[href], .cl, #index a, a.disclosure')) event.preventDefault();
  interaction().then(({ actions }) => actions.click(event));
}

function onScroll() {
  if (state.scrollTop !== dom.scroller.scrollTop) loaded?.opened.closeOpenRow(); // as a UITableView does
  followScroller();
  place();
  need();
  saveSoon();
}

function start() {
  const viewport = state.viewport, scroller = dom.scroller;
  document.documentElement.classList.add('js');
  document.querySelectorAll('.pager').forEach(pager => pager.remove()); // the links give way to the scroller
  viewport.height = scroller.clientHeight;
  showView($(windowSelector, dom.layer), location.search);
  scroller.addEventListener('scroll', onScroll, { passive: true });
  new ResizeObserver(() => {
    if (scroller.clientHeight !== viewport.height) (viewport.height = scroller.clientHeight), need();
  }).observe(scroller);
  document.addEventListener('click', click);
  document.addEventListener('keydown', event => later('keys', 'onKey', event));
  scroller.addEventListener('focusin', event => {
    const row = event.target.closest('[role=row]');
    if (row && dom.layer.contains(row)) (state.focusKey = keyOf(row)), dressAll();
  });
  for (const [type, handler] of [['pointerdown', 'pointerDown'], ['pointermove', 'pointerMove'], ['pointerup', 'pointerUp'], ['pointercancel', 'pointerUp']])
    scroller.addEventListener(type, event => later('gestures', handler, event));

  const sheet = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: import.meta.resolve('./page/interaction.css') });
  document.head.append(sheet);
  interaction().then(modules => {
    const { keys, live, navigation } = (loaded = modules);
    keys.followScrolling();
    navigation.fitBackTitle();
    live.loadDataset();
    live.followEvents();
    addEventListener('pageshow', event => event.persisted && (live.followEvents(), refresh()));
    addEventListener('popstate', navigation.followHistory);
  });
}

if (dom.layer) start();
