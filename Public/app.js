// The table page (/d/{id}): what the first window needs to draw and scroll loads with it; the other modules
// of page/ load right after.
import { saveSoon } from './page/address.js';
import { $, dom, keyOf, state } from './page/state.js';
import { draw, dressAll, followScroller, need, place, refresh, setTop, showView } from './page/windows.js';

const laterModules = ['actions', 'editing', 'gestures', 'keys', 'live', 'navigation'];
let later;
/// The modules loaded after the first window, by name.
function interaction() {
  later ??= Promise.all(laterModules.map(name => import(`./page/${name}.js`)))
    .then(modules => Object.fromEntries(laterModules.map((name, index) => [name, modules[index]])));
  return later;
}
let loaded = null; // the same once loaded: pointers and keys cannot wait for a module

/// What must not wait for a module (the links the page takes over) here; the rest in actions.js.
function click(event) {
  const action = event.target.closest('[data-action]')?.dataset.action;
  if (action === 'retry') return (dom.error.hidden = true), state.retry?.();
  if (action === 'back' && history.state?.up) return event.preventDefault(), history.back();
  const indexLink = event.target.closest('#index a');
  if (indexLink) {
    event.preventDefault();
    return interaction().then(({ navigation }) => navigation.jumpToSection(+indexLink.dataset.section));
  }
  if (event.target.closest('.ht[href]')) event.preventDefault(); // a header's link, for pages without script
  interaction().then(({ actions }) => actions.click(event));
}

function onScroll() {
  if (state.scrollTop !== dom.scroller.scrollTop) loaded?.gestures.closeOpenRow(); // as a UITableView does
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
  showView($('[data-role=window]', dom.layer), location.search);
  scroller.addEventListener('scroll', onScroll, { passive: true });
  // Wheel, keys and touch move the content by their delta. End aims at the end the browser saw at the key;
  // rows measured on the way can lengthen the content, so the page finishes the way. Focus follows paging.
  let key = null;
  const input = event => ((state.relativeScroll = true), (key = event.key ?? null));
  for (const type of ['wheel', 'touchstart', 'keydown']) scroller.addEventListener(type, input, { passive: true });
  scroller.addEventListener('scrollend', () => {
    if (key === 'End' && viewport.top < viewport.maxTop - 1) setTop(viewport.maxTop);
    else if (viewport.ratio !== 1) draw(true); // past the cap, the scroll bar back under the content
    if (['Home', 'End', 'PageUp', 'PageDown', ' '].includes(key)) loaded?.keys.focusFollowsScroll(key);
    state.relativeScroll = false;
    key = null;
  });
  new ResizeObserver(() => {
    if (scroller.clientHeight !== viewport.height) (viewport.height = scroller.clientHeight), need();
  }).observe(scroller);
  document.addEventListener('click', click);
  document.addEventListener('keydown', event => loaded?.keys.onKey(event));
  scroller.addEventListener('focusin', event => {
    const row = event.target.closest('[role=row]');
    if (row && dom.layer.contains(row)) (state.focusKey = keyOf(row)), dressAll();
  });
  for (const [type, handler] of [['pointerdown', 'pointerDown'], ['pointermove', 'pointerMove'], ['pointerup', 'pointerUp'], ['pointercancel', 'pointerUp']])
    scroller.addEventListener(type, event => loaded?.gestures[handler](event));

  const sheet = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/page/interaction.css' });
  document.head.append(sheet);
  interaction().then(modules => {
    const { live, navigation } = (loaded = modules);
    navigation.fitBackTitle();
    live.loadDataset();
    live.followEvents();
    addEventListener('pageshow', event => event.persisted && (live.followEvents(), refresh()));
    dom.search.addEventListener('input', navigation.searchSoon);
    dom.search.form.onsubmit = () => false;
    addEventListener('popstate', navigation.followHistory);
  });
}

if (dom.layer) start();
