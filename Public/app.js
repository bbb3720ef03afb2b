// The table page (/d/{id}): a DOM-free viewport core and thin DOM adapters.
const $ = (s, r = document) => r.querySelector(s);
const clamp = (x, a, b) => Math.max(a, Math.min(x, b));

// ---- the viewport: no DOM; sizes and offsets in, offsets out ----
// Page coordinates equal the server's above the first drawn item. Drawn items stack at their measured sizes
// around the anchor (the first visible item, which stays put); past the last one, the server's shift by `end`.
// Past `cap` (an element's height limit) scroll offsets map onto content offsets so the last row stays reachable.
export function createViewport(cap = 1e7) {
  const v = {
    cap, serverHeight: 0, height: 0, top: 0, end: 0,
    items: [], // {key, y, h: server offset and estimate, size: measured, at: page offset, section, end, header}
    get contentHeight() { return Math.max(0, v.serverHeight + v.end); },
    get scrollHeight() { return Math.min(v.contentHeight, cap); },
    get maxTop() { return Math.max(0, v.contentHeight - v.height); },
    get ratio() { return v.contentHeight > cap ? (v.contentHeight - v.height) / (cap - v.height) : 1; },
    scrollTopFor: top => top / v.ratio,
    // The content offset once the scroller moved from `from` to `to`: 1:1 under the cap; past it, a jump maps
    // linearly and a small move goes at the speed that reaches both ends together.
    scrolled(to, from) {
      const max = v.scrollHeight - v.height, end = v.maxTop, d = to - from;
      if (v.ratio === 1) v.top = to;
      else if (to <= 0 || to >= max) v.top = to <= 0 ? 0 : end;
      else if (Math.abs(d) > 2 * v.height || from <= 0 || from >= max) v.top = to * v.ratio;
      else v.top += d > 0 ? (d * (end - v.top)) / (max - from) : (d * v.top) / from;
      return (v.top = clamp(v.top, 0, end));
    },
    // The visible items as {key, offset from the viewport's top}: the first one a new layout still has anchors it.
    anchors: () => v.items.filter(i => i.at + i.size > v.top && i.at < v.top + v.height).map(i => ({ key: i.key, offset: i.at - v.top })),
    toServer(p) {
      const it = v.items, l = it[it.length - 1];
      if (!l || p < it[0].at) return p;
      if (p >= l.at + l.size) return p - v.end;
      const i = it.findLast(i => i.at <= p);
      return i.y + Math.min(p - i.at, i.h);
    },
    // A window from the server, items in table order; sizes measured before are kept unless given.
    // At the very top the content offset is kept, as UIKit's: a row inserted above shows.
    setWindow(list, serverHeight) {
      const anchors = v.top > 0 ? v.anchors() : [], from = v.toServer(v.top), sizes = new Map(v.items.map(i => [i.key, i.size]));
      v.serverHeight = serverHeight;
      v.items = list.map(i => ({ ...i, size: i.size ?? sizes.get(i.key) ?? i.h, at: i.y }));
      v.layout(anchors, from);
    },
    // Measured sizes by key; says whether the layout changed.
    measure(sizes) {
      const anchors = v.anchors();
      let changed = false;
      for (const i of v.items) {
        const s = sizes.get(i.key);
        if (s != null && Math.abs(s - i.size) > 0.01) (i.size = s), (changed = true);
      }
      if (changed) v.layout(anchors);
      return changed;
    },
    layout(anchors, from = v.toServer(v.top)) {
      const it = v.items, n = it.length, gap = j => it[j + 1].y - it[j].y - it[j].h;
      v.end = 0;
      if (n) {
        const a = anchors.find(x => it.some(i => i.key === x.key));
        let k = a ? it.findIndex(i => i.key === a.key) : it.findIndex(i => i.y + i.h > from);
        if (k < 0) k = n - 1;
        it[k].at = a ? v.top + a.offset : v.top + it[k].y - from;
        for (let j = k + 1; j < n; j++) it[j].at = it[j - 1].at + it[j - 1].size + gap(j - 1);
        for (let j = k - 1; j >= 0; j--) it[j].at = it[j + 1].at - gap(j) - it[j].size;
        const d = it[0].y - it[0].at, l = it[n - 1];
        for (const i of it) i.at += d;
        v.top += d;
        v.end = l.at + l.size - l.y - l.h;
      }
      v.top = clamp(v.top, 0, v.maxTop);
    },
    // Whether the drawn items cover [a, b], clamped to the content.
    covers(a, b) {
      const it = v.items, l = it[it.length - 1];
      a = Math.max(0, a);
      b = Math.min(v.contentHeight, b);
      return b <= a || (!!l && it[0].at <= a && l.at + l.size >= b);
    },
    // The server window to fetch for the viewport and three quarters of its height on each side.
    request() {
      const o = v.height * 0.75, a = Math.floor(v.toServer(Math.max(0, v.top - o)));
      return { top: a, height: clamp(Math.ceil(v.toServer(v.top + v.height + o)) - a, 0, 2e4) };
    },
    // Where a plain-style header shows: pinned at the top while its section passes under it, as UIKit's.
    pinnedAt(i) {
      const x = v.items[i];
      if (x.at >= v.top) return x.at;
      const next = v.items.find(o => o.section > x.section), end = next ? next.at : x.end + v.end;
      return v.top < end ? Math.min(v.top, end - x.size) : x.at;
    },
  };
  return v;
}

// ---- the page ----
document.documentElement.classList.add('js');
const sc = $('[data-role=scroller]'), ly = $('.layer'), sp = $('.spacer'), tpl = document.createElement('template');
const err = $('#err'), editBtn = $('[data-action=edit]'), dlg = $('#confirm'), ed = $('#editor');
const sf = $('#q'), inf = $('#info');
const id = encodeURIComponent(decodeURIComponent(location.pathname.split('/')[2] || ''));
const A = '/api/datasets/' + id;
const W = 80; // the width a swipe reveals

const state = {
  viewport: createViewport(),
  meta: {}, kind: {}, window: {}, version: 0,
  expandedText: null, expanded: null, editing: false,
  selection: new Set(), downloaded: new Set(), total: -1,
  elements: new Map(), pools: {}, base: 0, scrollTop: 0, ownScrollTop: -1,
  request: null, loaded: '', width: null, focusKey: null, swipe: null, swallowClick: false, retry: null,
  motion: null, leaving: new Map(), // the next window's animation; leaving rows by key
};

// What the page does per kind beyond what GET /api/datasets/{id} and each window say.
const kinds = {
  heroes: { add: addHero, tap: openEditor },
};

async function api(url, opts) {
  const r = await fetch(url, opts);
  const body = (r.headers.get('content-type') || '').includes('json') ? await r.json() : await r.text();
  if (r.ok) return body;
  throw Object.assign(new Error(body.detail || body.title || `HTTP ${r.status}`), { status: r.status });
}

function fail(e, again) {
  $('p', err).textContent = `Could not load: ${e.message}`;
  state.retry = again;
  err.hidden = false;
}
const note = t => say($('#note'), t, 4000);
const key = n => (n.dataset.rowId ? 'r' + n.dataset.rowId : (n.dataset.cell === 'footer' ? 'f' : 'h') + n.dataset.sectionId);
const item = el => state.viewport.items.find(i => i.key === key(el));
const nameOf = el => ($('.nm, .tt, .t1', el) || el).textContent.trim();
const query = (t, h) => api(`${A}/window?top=${t}&height=${h}&overscan=0${view()}`);

function compact(set) {
  const n = [...set].map(Number).sort((a, b) => a - b), out = [];
  for (let i = 0, j; i < n.length; i = j + 1) {
    for (j = i; n[j + 1] === n[j] + 1; ) j++;
    out.push(j > i ? `${n[i]}-${n[j]}` : n[i]);
  }
  return out.join(',') || 'none';
}
function expandedSet() {
  const x = state.expandedText ?? state.meta.defaultExpanded, set = new Set();
  if (x === 'all') (state.meta.sections || []).forEach(s => set.add(String(s.id)));
  else for (const p of x && x !== 'none' ? x.split(',') : []) {
    const [a, b = a] = p.split('-').map(Number);
    for (let i = a; i <= b && i - a < 1e5; i++) set.add(String(i));
  }
  return set;
}
function expandedParam() {
  const x = state.expanded ? compact(state.expanded) : state.expandedText;
  return x == null ? '' : '&expanded=' + encodeURIComponent(x);
}
const view = () => expandedParam() + (state.editing ? '&editing=1' : '') + ['child', 'q'].map(k => state[k] ? `&${k}=` + encodeURIComponent(state[k]) : '').join('');

// ---- drawing: the viewport's numbers onto the elements ----
// Every placement goes through draw() and place(); apply() records where rows are before and play()s from there.
const put = (el, y) => (el.style.transform = `translateY(${(el._y = y)}px)`);
function draw() {
  const v = state.viewport, base = (state.base = Math.round(v.top));
  sp.style.height = v.scrollHeight + 'px';
  const t = Math.round(v.scrollTopFor(v.top));
  if (Math.abs(sc.scrollTop - t) >= 1) (sc.scrollTop = t), (state.ownScrollTop = sc.scrollTop);
  state.scrollTop = sc.scrollTop;
  for (const i of v.items) put(state.elements.get(i.key), i.at - base);
  $('#empty').hidden = v.items.length > 0;
  place();
}

function place() {
  const v = state.viewport, base = state.base;
  ly.style.top = sc.scrollTop - v.top + base + 'px';
  if (state.window.style !== 'plain') return;
  v.items.forEach((i, n) => {
    if (!i.header) return;
    const el = state.elements.get(i.key), at = v.pinnedAt(n);
    put(el, at - base);
    el.classList.toggle('pinned', at !== i.at);
  });
}

const sizes = () => new Map([...state.elements].map(([k, el]) => [k, el.getBoundingClientRect().height]));
const resized = new ResizeObserver(() => state.viewport.measure(sizes()) && (draw(), need()));

function setTop(t) {
  const v = state.viewport;
  v.top = clamp(t, 0, v.maxTop);
  draw();
  need();
  save();
}

// ---- windows: fetch, then recycle elements per cell kind (like dequeueReusableCell) ----
function need(force) {
  const v = state.viewport, m = v.height / 3, r = state.request, a = v.top - m, b = v.top + v.height + m;
  if (!force && r && r.a <= Math.max(0, a) && r.b >= Math.min(v.contentHeight, b)) return;
  if (!force && v.covers(a, b)) return;
  const w = v.request(), width = ly.clientWidth, o = v.height * 0.75;
  // Another width, other estimates and server offsets: ask from a row in view (at the top, from the top).
  const r0 = width !== state.width && v.top > o && v.items.find(i => i.key[0] === 'r' && i.at + i.size > v.top);
  const at = r0 ? `anchor=${r0.key.slice(1)}&top=${Math.floor(Math.max(0, v.top - o) - r0.at)}` : `top=${w.top}`;
  const q = `${at}&height=${w.height}&width=${width}${view()}`;
  if (!force && q === state.loaded) return; // the same window again would bring nothing new
  load(q, v.top - o, v.top + v.height + o, width);
}
const refresh = () => need(true);

function load(q, a, b, width, then, page) {
  state.request?.ctl.abort();
  const r = (state.request = { q, a, b, ctl: new AbortController() });
  fetch(page ? `/d/${id}${q}` : `/d/${id}/fragment?${q}`, { signal: r.ctl.signal })
    .then(res => (res.ok ? res.text() : Promise.reject(new Error(`HTTP ${res.status}`))))
    .then(html => {
      if (state.request !== r) return;
      state.request = null;
      state.loaded = q;
      state.width = width;
      err.hidden = true;
      tpl.innerHTML = html;
      page ? page(tpl.content) : (apply(tpl.content.firstElementChild), then?.());
      need();
    })
    .catch(e => {
      if (state.request === r && e.name !== 'AbortError') (state.request = null), fail(e, refresh);
    });
}

function sync(el, n) {
  for (const a of [...el.attributes]) if (!n.hasAttribute(a.name) && a.name !== 'data-open') el.removeAttribute(a.name);
  for (const a of n.attributes) if (el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value);
}

function dress(el) {
  const r = el.dataset.rowId, b = $('[data-action=download]', el);
  if (r) el.setAttribute('aria-selected', state.selection.has(r));
  if (b) b.disabled = state.downloaded.has(r);
  el.tabIndex = key(el) === state.focusKey ? 0 : -1;
}

function release(el) {
  if (el.contains(document.activeElement)) sc.focus({ preventScroll: true });
  stop(el);
  resized.unobserve(el);
  el.hidden = true;
  for (const a of ['data-row-id', 'data-section-id', 'data-open', 'role']) el.removeAttribute(a);
  const p = (state.pools[el.dataset.cell] ??= []);
  p.length < 24 ? p.push(el) : el.remove();
}

function apply(w) {
  const d = w.dataset, old = state.elements, live = new Map(), list = [], m = state.motion, fresh = new Set(), gone = [];
  const f = m && !still.matches && new Map([...old, ...state.leaving].map(([k, el]) => [k, el.getBoundingClientRect()]));
  state.motion = null;
  const vk = d.version + d.editing; // editing mode redraws footers (insertion rows) at one version
  state.window = { ...d };
  state.version = +d.version;
  sc.dataset.style = d.style;
  editBtn.hidden = d.editable !== 'true';
  if (!state.editing) editBtn.textContent = d.editStyle === 'select' ? 'Manage' : 'Edit';
  for (const n of [...w.children]) {
    const k = key(n);
    let el = old.get(k) || back(k);
    if (el) {
      old.delete(k);
      sync(el, n);
      if (el._v !== vk) f && el.innerHTML !== n.innerHTML && fresh.add(el), el.replaceChildren(...n.childNodes);
    } else if ((el = state.pools[n.dataset.cell]?.pop())) {
      el.removeAttribute('data-open');
      sync(el, n);
      el.replaceChildren(...n.childNodes);
    } else ly.append((el = n));
    el._v = vk;
    live.set(k, el);
    dress(el);
    resized.observe(el);
    list.push({ key: k, y: +n.dataset.y, h: +n.dataset.h, section: +n.dataset.section, end: +n.dataset.end || 0, header: n.dataset.cell === 'header' });
  }
  const s = sc.getBoundingClientRect();
  for (const [k, el] of old) {
    const r = f && m !== 'none' && f.get(k); // a row in view leaves animated
    if (r && r.bottom > s.top && r.top < s.bottom) gone.push([el, r, k]), state.leaving.set(k, el), (el.inert = true);
    else release(el);
  }
  state.elements = live;
  const measured = sizes();
  state.viewport.setWindow(list.map(i => ({ ...i, size: measured.get(i.key) })), +d.contentHeight);
  draw();
  f && play(f, m, fresh, gone);
  const e = live.get(state.focusKey);
  if (e && [sc, document.body].includes(document.activeElement)) e.focus({ preventScroll: true });
}

// ---- motion: FLIP (record where rows are, apply, play from there), interruptible ----
const still = matchMedia('(prefers-reduced-motion: reduce)'), T = { duration: 300, easing: 'ease-in-out' };
// UITableViewRowAnimation: where a row leaves to and arrives from (.01: still shown, for tools).
const fade = { opacity: 0.01 }, fx = { fade, automatic: fade, right: { translate: '100%' }, left: { translate: '-100%' },
  top: { translate: '0 -100%', ...fade }, bottom: { translate: '0 100%', ...fade }, middle: { clipPath: 'inset(50% 0)', ...fade } };
const stop = el => el.getAnimations().forEach(a => a.cancel());
// A leaving row the window has again comes back.
const back = k => { const el = state.leaving.get(k); el && (state.leaving.delete(k), stop(el)); return el; };

// f: the rows' screen rects before. Kept rows slide from there, new ones past the last kept slide in with it;
// the others arrive, reloaded ones too, and gone ones leave, with the animation m.
function play(f, m, fresh, gone) {
  const it = state.viewport.items, els = it.map(i => state.elements.get(i.key)), hi = it.findLastIndex(i => f.has(i.key));
  const end = Math.max(...[...f.values()].map(r => r.bottom)), x = fx[m];
  els.forEach(stop);
  const t = els.map(el => el.getBoundingClientRect().top);
  let d;
  it.forEach((i, n) => {
    const el = els[n], r = f.get(i.key), dy = r ? r.top - t[n] : hi >= 0 && n > hi ? (d ??= end - t[n]) : null;
    if (dy == null || fresh.has(el)) x && el.animate([x, {}], T);
    else if (Math.abs(dy) >= 1) el.animate([{ translate: `0 ${dy}px` }, {}], T);
  });
  for (const [el, r, k] of gone) {
    stop(el);
    put(el, el._y + r.top - el.getBoundingClientRect().top); // stays where it was while it leaves
    el.animate([{}, x], T).onfinish = () => state.leaving.get(k) === el && (back(k), release(el));
  }
}

function save() {
  clearTimeout(save.t);
  save.t = setTimeout(saveNow, 200);
}
function saveNow() {
  clearTimeout(save.t);
  const q = new URLSearchParams(location.search), x = expandedParam(), v = state.viewport;
  const r = v.items.find(i => i.key[0] === 'r' && i.at + i.size > v.top); // offsets differ by width; rows do not
  r ? q.set('anchor', r.key.slice(1)) : q.delete('anchor');
  q.set('top', Math.round(r ? v.top - r.at : v.toServer(v.top)));
  if (x) q.set('expanded', decodeURIComponent(x.slice(10)));
  history.replaceState(history.state, '', '?' + q);
}

// ---- behaviours ----
function toggle(h) {
  const open = h.getAttribute('aria-expanded') !== 'true', i = item(h);
  h.setAttribute('aria-expanded', open);
  state.expanded ??= expandedSet();
  state.expanded[open ? 'add' : 'delete'](h.dataset.sectionId);
  if (i && i.at < state.viewport.top) setTop(i.at);
  state.motion = 'fade';
  refresh();
  save();
}

function count() {
  const n = state.selection.size;
  $('[data-role=selected-count]').textContent = n + ' selected';
  $('[data-action=delete-selected]').disabled = !n;
  $('[data-action=select-all]').textContent = n && n === state.total ? 'Deselect All' : 'Select All';
}

function pick(it, many) {
  const r = it.dataset.rowId, sel = state.selection, on = sel.has(r);
  if (!many) sel.clear();
  on && (many || !sel.size) ? sel.delete(r) : sel.add(r);
  state.elements.forEach(dress);
  count();
}

function setEditing(on) {
  state.editing = on;
  sc.classList.toggle('editing', on);
  editBtn.dataset.action = on ? 'done' : 'edit';
  editBtn.textContent = on ? 'Done' : state.window.editStyle === 'select' ? 'Manage' : 'Edit';
  $('#editbar').hidden = !(on && state.window.editStyle === 'select');
  state.selection.clear();
  state.elements.forEach(el => (el.removeAttribute('data-open'), dress(el)));
  count();
  if (state.meta.insertable) refresh(); // insertion rows move what follows them
}

function say(el, text, ms) {
  el.textContent = text;
  el.hidden = false;
  el.classList.remove('fade');
  void el.offsetWidth; // restarts the fade animation
  el.classList.add('fade');
  clearTimeout(el._t);
  el._t = setTimeout(() => (el.hidden = true), ms);
}

async function batch(b) {
  let ok;
  try {
    const r = await api(A + '/batch', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ baseVersion: state.version, child: state.child || undefined, ...b }),
    });
    state.version = r.version ?? state.version;
    ok = 1;
  } catch (e) {
    note(e.status === 409 ? 'The list changed elsewhere and was refreshed. Try again.' : `Not saved: ${e.message}`);
  }
  b.deleteRows?.forEach(r => state.selection.delete(String(r)));
  count();
  state.motion = 'automatic';
  refresh();
  return ok;
}

function ask(text, then) {
  $('p', dlg).textContent = text;
  dlg._then = then;
  dlg.showModal();
}
const del = ids => batch({ deleteRows: ids.map(Number) });
const delSelected = (ids = [...state.selection]) => ask(`Delete ${ids.length} selected?`, () => del(ids));

async function selectAll() {
  const sel = state.selection;
  if (sel.size && sel.size === state.total) sel.clear();
  else {
    try {
      (await query(0, Math.ceil(state.viewport.serverHeight) + 1)).rows.forEach(r => sel.add(String(r.id)));
      state.total = sel.size;
    } catch (e) { return note(e.message); }
  }
  state.elements.forEach(dress);
  count();
}

const any = s => ((s = s.split(' ')), s[Math.floor(Math.random() * s.length)]);
function addHero() {
  setTop(0);
  batch({ insertRows: [{ section: 0, row: 0, fields: {
    name: `${any('Ash Cael Dara Fen Ivo Lys Mira Rook')} ${any('Vane Hale Thorn Frost')}`,
    title: any('Stormcaller Ironheart Wayfinder'),
    icon: 'hero-0' + any('1 2 3 4 5 6 7 8 9'),
    desc: 'A new hero. Their story is still unwritten.',
    tags: [any('Warrior Mage Support')],
  } }] });
}

function openEditor(it) {
  ed._row = it.dataset.rowId;
  ed._y = it.dataset.y;
  $('[name=name]', ed).value = $('.nm', it)?.textContent || '';
  $('[name=title]', ed).value = $('.ti', it)?.textContent || '';
  ed.returnValue = '';
  ed.showModal();
}
ed?.addEventListener('close', async () => {
  if (ed.returnValue !== 'save') return;
  const f = new FormData($('form', ed));
  try {
    const r = (await query(ed._y, 1)).rows.find(r => String(r.id) === ed._row); // keeps the other fields
    batch({ updateRows: [{ id: +ed._row, fields: { ...r?.fields, name: f.get('name'), title: f.get('title') } }] });
  } catch (e) { note(`Not saved: ${e.message}`); }
});

// The insertion row's green plus adds a row at the end of its section.
const insert = f => batch({ insertRows: [{ section: +f.dataset.section, row: +f.dataset.row, fields: { [f.dataset.key]: 'New Row' } }] });

// Outside edit mode a tap deselects with a fade (deselectRow(at:animated:)); keys keep the selection.
function activate(it, tap) {
  if (it.dataset.cell === 'footer') return insert(it);
  if (state.editing && state.window.editStyle === 'select') return pick(it, true);
  if (!state.editing && it.dataset.child) return open(it);
  if (!state.editing && $('[role=switch]', it)) return flip(it);
  pick(it, false);
  if (state.editing) return;
  state.kind.tap?.(it);
  const r = it.dataset.rowId;
  tap && setTimeout(() => state.selection.delete(r) && state.elements.forEach(dress), 400);
}

const tools = {
  edit: () => setEditing(true), done: () => setEditing(false), add: () => state.kind.add?.(), 'select-all': selectAll,
  'delete-selected': () => delSelected(), cancel: () => dlg.close(), confirm: () => (dlg.close(), dlg._then?.()),
  toggle: flip, detail: info,
};
function click(e) {
  const a = e.target.closest('[data-action]'), act = a?.dataset.action;
  if (act === 'retry') return (err.hidden = true), state.retry?.();
  if (act === 'back' && history.state?.up) return e.preventDefault(), history.back();
  const x = e.target.closest('#index a');
  if (x) return e.preventDefault(), jump(+x.dataset.section);
  if (!sc || state.swallowClick) return (state.swallowClick = false); // the click that ends a swipe
  const it = e.target.closest('[role=row]'), open = $('[data-open]', ly);
  if (e.target.closest('.ht[href]')) e.preventDefault(); // the header's link, for pages without script
  if (open && sc.contains(e.target) && act !== 'delete' && act !== 'minus') return open.removeAttribute('data-open');
  if (tools[act]) return tools[act](it);
  if (act === 'minus') return it !== open && open?.removeAttribute('data-open'), it.toggleAttribute('data-open', it !== open);
  if (act === 'delete') return del([it.dataset.rowId]); // the red button is the confirmation, as UIKit's
  if (act === 'download') {
    state.downloaded.add(it.dataset.rowId);
    a.disabled = true;
    return say($('#toast'), `${nameOf(it)} is downloading…`, 2000);
  }
  if (!it || (a && act !== 'insert') || !sc.contains(it)) return;
  if (it.dataset.cell !== 'header') activate(it, 1);
  else if (it.hasAttribute('aria-expanded')) toggle(it);
}

function moveFocus(it, dir) {
  const v = state.viewport, list = v.items.filter(i => state.elements.get(i.key).getAttribute('role') === 'row');
  const n = list[it ? list.findIndex(i => i.key === key(it)) + dir : list.findIndex(i => i.at + i.size > v.top)];
  if (!n) return;
  const el = state.elements.get(n.key), p = !n.header && $('.pinned', ly), ph = p ? item(p).size : 0;
  state.focusKey = n.key;
  state.elements.forEach(dress);
  el.focus({ preventScroll: true });
  if (n.at < v.top + ph) setTop(n.at - ph);
  else if (n.at + n.size > v.top + v.height) setTop(n.at + n.size - v.height);
}

function onKey(e) {
  const it = e.target.closest('[role=row]'), k = e.key;
  if (k === 'ArrowDown' || k === 'ArrowUp') moveFocus(it, k === 'ArrowDown' ? 1 : -1);
  else if ((k === 'Enter' || k === ' ') && it && e.target === it) {
    if (it.dataset.cell !== 'header') activate(it);
    else if (it.hasAttribute('aria-expanded')) toggle(it);
  } else if ((k === 'Delete' || k === 'Backspace') && state.selection.size && state.window.editable === 'true') delSelected();
  else return;
  e.preventDefault();
}

// Swipe left (pointer or touch) reveals a row's Delete; the grip reorders in edit mode.
function down(e) {
  state.swallowClick = false;
  (state.press = e.target.closest('.row'))?.classList.add('down'); // highlighted while pressed
  const g = e.target.closest('[data-action=move]'), it = e.target.closest('[data-can-edit]');
  if (g && state.editing) return drag(e, g.closest('[role=row]'));
  if (it && !state.editing && !e.button && !e.target.closest('button'))
    state.swipe = { el: it, x: e.clientX, y: e.clientY, dx: 0, open: it.hasAttribute('data-open') };
}

function move(e) {
  const sw = state.swipe;
  if (!sw) return;
  const dx = e.clientX - sw.x;
  if (!sw.on) {
    if (Math.abs(e.clientY - sw.y) > 12) return (state.swipe = null);
    if (Math.abs(dx) < 10) return;
    sw.on = true;
    sw.el.setPointerCapture(e.pointerId);
    sw.el.classList.add('sw');
  }
  sw.dx = Math.min(0, Math.max(dx - (sw.open ? W : 0), -W * 1.5));
  $('.rc', sw.el).style.transform = `translateX(${sw.dx}px)`;
}

function up() {
  const sw = state.swipe;
  state.press?.classList.remove('down');
  if (sw?.on) {
    state.swallowClick = true;
    sw.el.classList.remove('sw');
    $('.rc', sw.el).style.transform = '';
    $('[data-open]', ly)?.removeAttribute('data-open');
    sw.el.toggleAttribute('data-open', sw.dx < -W / 2);
  }
  state.swipe = null;
}

function drag(e, it) {
  e.preventDefault();
  it.setPointerCapture(e.pointerId);
  it.classList.add('drag');
  const y0 = e.clientY, me = item(it);
  let t;
  const mv = ev => {
    const c = me.at + ev.clientY - y0, mid = c + me.size / 2;
    put(it, c - state.base);
    t = state.viewport.items.find(i => i.key[0] === 'r' && i.at <= mid && mid < i.at + i.size);
  };
  it.addEventListener('pointermove', mv);
  it.addEventListener('pointerup', () => {
    it.removeEventListener('pointermove', mv);
    it.classList.remove('drag');
    put(it, me.at - state.base);
    const to = t && t.key !== me.key && state.elements.get(t.key);
    if (to) batch({ moveRows: [{ id: +it.dataset.rowId, toSection: +to.dataset.section, toRow: +to.dataset.row }] });
  }, { once: true });
}

// The section index: one window from the section's header (section=), which then goes to the top.
function jump(s) {
  const h = state.viewport.height, w = ly.clientWidth;
  load(`section=${s}&top=${-Math.round(h * 0.75)}&height=${Math.round(h * 2.5)}&width=${w}${view()}`, NaN, NaN, w, () => {
    const i = state.viewport.items.find(i => i.header && i.section === s);
    i && setTop(i.at);
  });
}

function events() {
  const es = new EventSource(`${A}/events?lastEventId=${state.version}`);
  const data = e => { try { return JSON.parse(e.data); } catch { return {}; } };
  addEventListener('pagehide', () => es.close(), { once: true });
  es.addEventListener('ready', e => data(e).version > state.version && refresh());
  es.addEventListener('reload', () => loadDataset().then(refresh).then(reindex));
  es.addEventListener('change', e => {
    const d = data(e);
    (d.deleteRows || d.deletes || []).forEach?.(x => state.selection.delete(String(x?.id ?? x)));
    count();
    if (d.version > state.version) (state.motion = d.animation), refresh();
    if (d.sectionInserts?.length || d.sectionDeletes?.length) reindex();
  });
}
const reindex = () => fetch(location.href).then(r => r.text()).then(t => { // the index once sections changed
  tpl.innerHTML = t;
  $('#index').replaceWith($('#index', tpl.content));
});

// The dataset's capabilities and, by its kind, the page's extras.
async function loadDataset() {
  let m;
  try { m = state.meta = await api(A); } catch (e) { return fail(e, loadDataset); }
  err.hidden = true;
  state.kind = { ...m, ...kinds[m.kind] };
  $('[data-action=add]').hidden = !state.kind.add;
}

function start() {
  const v = state.viewport;
  document.querySelectorAll('.pager').forEach(p => p.remove()); // the links give way to the scroller
  v.height = sc.clientHeight;
  show($('[data-role=window]', ly), location.search);
  loadDataset();
  events();
  addEventListener('pageshow', e => e.persisted && (events(), refresh()));
  sc.addEventListener('scroll', () => {
    const t = sc.scrollTop;
    if (Math.abs(t - state.ownScrollTop) >= 1) v.scrolled(t, state.scrollTop);
    state.ownScrollTop = -1;
    state.scrollTop = t;
    place();
    need();
    save();
  }, { passive: true });
  new ResizeObserver(() => sc.clientHeight !== v.height && ((v.height = sc.clientHeight), need())).observe(sc);
  document.addEventListener('click', click);
  sc.addEventListener('keydown', onKey);
  sc.addEventListener('focusin', e => {
    const it = e.target.closest('[role=row]');
    if (it && ly.contains(it)) (state.focusKey = key(it)), state.elements.forEach(dress);
  });
  sc.addEventListener('pointerdown', down);
  sc.addEventListener('pointermove', move);
  sc.addEventListener('pointerup', up);
  sc.addEventListener('pointercancel', up);
  sf.addEventListener('input', search);
  sf.form.onsubmit = () => false;
  onpopstate = () => ((sf.value = new URLSearchParams(location.search).get('q') || ''), go(location.search));
}

// ---- table documents, search ----
async function flip(it) {
  const s = $('[role=switch]', it), on = s.ariaChecked != 'true';
  s.ariaChecked = on;
  (await batch({ updateRows: [{ id: +it.dataset.rowId, fields: { on } }] })) || (s.ariaChecked = !on);
}

async function info(it) {
  let r;
  try { r = (await query(it.dataset.y, 1)).rows.find(r => String(r.id) === it.dataset.rowId); } catch (e) { return note(e.message); }
  $('h2', inf).textContent = nameOf(it);
  $('p', inf).textContent = Object.entries(r.fields).filter(([k]) => !/^(text|image|.*[sS]tyle|accessory.*)$/.test(k)).map(e => e.join(': ')).join('\n');
  inf.showModal();
}

function open(it) {
  saveNow();
  history.pushState({ up: 1 }, '', '?child=' + it.dataset.child);
  go(location.search);
}

function search() {
  clearTimeout(search.t);
  search.t = setTimeout(() => {
    const t = sf.value, q = new URLSearchParams(location.search), h = { ...history.state };
    if (!q.has('q')) saveNow(), (h.b = location.search);
    ['anchor', 'top', 'q'].map(k => q.delete(k));
    t && q.set('q', t);
    const s = (!t && h.b) || '?' + q;
    history.replaceState(h, '', s);
    go(s);
  }, 150);
}

function go(search) {
  load(search, -1 / 0, 1 / 0, 0, null, d => {
    ['title', '#title', '.back', '#index'].map(s => $(s).replaceWith($(s, d)));
    state.viewport.items = [];
    state.elements.forEach(el => (el._v = 0));
    show($('[data-role=window]', d), search);
  });
}

function show(w, search) {
  const q = new URLSearchParams(search), a = w && q.get('anchor') && $(`[data-row-id="${q.get('anchor')}"]`, w);
  Object.assign(state, { child: q.get('child'), q: q.get('q'), expandedText: q.get('expanded'), expanded: null });
  state.viewport.top = (+q.get('top') || 0) + (a ? +a.dataset.y : 0);
  if (w) w.remove(), apply(w);
  need();
}

if (ly) start();
