// ListServer — Public/app.js: the virtualized table page (/d/{id}).
const $ = (s, r = document) => r.querySelector(s);
const MAXH = 1e7; // taller content: the spacer is capped, scroll offsets map linearly onto it
const W = 80; // swipe Delete width

async function api(url, opts) {
  const r = await fetch(url, opts);
  const body = (r.headers.get('content-type') || '').includes('json') ? await r.json() : await r.text();
  if (r.ok) return body;
  throw Object.assign(new Error(body.detail || body.title || `HTTP ${r.status}`), { status: r.status });
}

const err = $('#err');
let retry;
function fail(e, again) {
  $('p', err).textContent = `Could not load: ${e.message}`;
  retry = again;
  err.hidden = false;
}

// ---- the table page ----
const id = encodeURIComponent(decodeURIComponent(location.pathname.split('/')[2] || ''));
const A = '/api/datasets/' + id;
const sc = $('#table'), sp = $('.spacer'), ly = $('.layer'), tpl = document.createElement('template');
const editBtn = $('[data-action=edit]'), dlg = $('#confirm'), ed = $('#editor');
let meta = {}, win = {}, ver = 0, C = 0, vh = 0, top = 0, base = 0, own = -1, total = -1;
let loaded, req, anchor, sw, swallow, focusKey, editing = false, collapsible = false;
let live = new Map(), expanded = new Set();
const pools = {}, sel = new Set(), downloaded = new Set();

const S = () => Math.min(C, MAXH);
const ratio = () => (C > MAXH ? (C - vh) / (S() - vh) : 1);
const key = n => (n.dataset.rowId ? 'r' + n.dataset.rowId : (n.dataset.cell === 'footer' ? 'f' : 'h') + n.dataset.sectionId);
const items = () => [...live.values()].filter(e => e.getAttribute('role') === 'row').sort((a, b) => a.dataset.y - b.dataset.y);
const nameOf = el => ($('.nm, .tt, .t1', el) || el).textContent.trim();
const note = t => say($('#note'), t, 4000);
const query = (t, h) => api(`${A}/window?top=${t}&height=${h}&overscan=0${view()}`);

// top: content offset at the viewport top; content y shows at y - top.
function setTop(t) {
  top = Math.max(0, Math.min(t, C - vh));
  sc.scrollTop = top / ratio();
  own = sc.scrollTop;
  place();
}

function place() {
  ly.style.top = sc.scrollTop - top + base + 'px';
  if (win.style !== 'plain') return;
  for (const el of live.values()) {
    if (el.dataset.cell !== 'header') continue;
    const y = +el.dataset.y, end = +el.dataset.end;
    const py = y < top && top < end ? Math.min(top, end - el.dataset.h) : y; // UIKit's pinned header
    el.style.transform = `translateY(${py - base}px)`;
    el.classList.toggle('pinned', py !== y);
  }
}

function exp() {
  if (!collapsible) return '';
  const n = [...expanded].map(Number).sort((a, b) => a - b), out = [];
  for (let i = 0, j; i < n.length; i = j + 1) {
    for (j = i; n[j + 1] === n[j] + 1; ) j++;
    out.push(j > i ? `${n[i]}-${n[j]}` : n[i]);
  }
  return '&expanded=' + (out.join(',') || 'none');
}
const view = () => exp() + (editing ? '&editing=1' : '');

// Fetch unless the last or in-flight window covers the viewport + a margin.
function need() {
  const o = vh / 3, cov = r => r && r.a <= Math.max(0, top - o) && r.b >= Math.min(C, top + vh + o);
  if (!cov(loaded) && !cov(req)) load();
}

function load() {
  req?.ctl.abort();
  const o = Math.round(vh * 0.75), t = Math.round(top);
  const r = (req = { a: t - o, b: t + vh + o, ctl: new AbortController() });
  fetch(`/d/${id}/fragment?top=${t}&height=${vh}&overscan=${o}${view()}`, { signal: r.ctl.signal })
    .then(res => (res.ok ? res.text() : Promise.reject(new Error(`HTTP ${res.status}`))))
    .then(html => {
      if (req !== r) return;
      req = null;
      loaded = r;
      err.hidden = true;
      apply(html);
      need();
    })
    .catch(e => {
      if (req === r && e.name !== 'AbortError') (req = null), fail(e, load);
    });
}
const reload = () => ((loaded = null), load());

function sync(el, n) {
  for (const a of [...el.attributes]) if (!n.hasAttribute(a.name) && a.name !== 'data-open') el.removeAttribute(a.name);
  for (const a of n.attributes) if (el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value);
}

function dress(el) {
  const r = el.dataset.rowId, b = $('[data-action=download]', el);
  if (r) el.setAttribute('aria-selected', sel.has(r));
  if (b) b.disabled = downloaded.has(r);
  el.tabIndex = key(el) === focusKey ? 0 : -1;
}

function release(el) {
  if (el.contains(document.activeElement)) sc.focus({ preventScroll: true });
  el.hidden = true;
  for (const a of ['data-row-id', 'data-section-id', 'data-open', 'role']) el.removeAttribute(a);
  const p = (pools[el.dataset.cell] ??= []);
  p.length < 24 ? p.push(el) : el.remove();
}

// Like dequeueReusableCell: keep an item's element or refill a pooled one of its cell kind.
function apply(html) {
  tpl.innerHTML = html;
  const w = tpl.content.firstElementChild, v = +w.dataset.version, old = live;
  win = { ...w.dataset };
  ver = v;
  const vk = v + win.editing; // editing mode redraws footers (insertion rows) at one version
  sc.dataset.style = win.style;
  editBtn.hidden = win.editable !== 'true';
  if (+win.contentHeight !== C) {
    C = +win.contentHeight;
    sp.style.height = S() + 'px';
    setTop(top);
  }
  base = Math.round(top);
  live = new Map();
  for (const n of [...w.children]) {
    const k = key(n);
    let el = old.get(k);
    if (el) {
      old.delete(k);
      sync(el, n);
      if (el._v !== vk) el.replaceChildren(...n.childNodes);
    } else if ((el = pools[n.dataset.cell]?.pop())) {
      el.removeAttribute('data-open');
      sync(el, n);
      el.replaceChildren(...n.childNodes);
    } else ly.append((el = n));
    el._v = vk;
    el.style.transform = `translateY(${n.dataset.y - base}px)`;
    live.set(k, el);
    dress(el);
  }
  old.forEach(release);
  const f = live.get(focusKey), a = anchor && live.get(anchor.k);
  if (f && [sc, document.body].includes(document.activeElement)) f.focus({ preventScroll: true });
  if (a) setTop(a.dataset.y - anchor.off);
  anchor = null;
  $('#empty').hidden = live.size > 0;
  place();
}

function save() {
  clearTimeout(save.t);
  save.t = setTimeout(() => {
    const q = new URLSearchParams(location.search);
    q.set('top', Math.round(top));
    if (collapsible) q.set('expanded', exp().slice(10));
    history.replaceState(null, '', '?' + q);
  }, 200);
}

function toggle(h) {
  const open = h.getAttribute('aria-expanded') !== 'true';
  h.setAttribute('aria-expanded', open);
  expanded[open ? 'add' : 'delete'](h.dataset.sectionId);
  if (+h.dataset.y < top) setTop(+h.dataset.y);
  reload();
  save();
}

function count() {
  const n = sel.size;
  $('[data-role=selected-count]').textContent = n + ' selected';
  $('[data-action=delete-selected]').disabled = !n;
  $('[data-action=select-all]').textContent = n && n === total ? 'Deselect All' : 'Select All';
}

function pick(it, many) {
  const r = it.dataset.rowId, on = sel.has(r);
  if (!many) sel.clear();
  on && (many || !sel.size) ? sel.delete(r) : sel.add(r);
  live.forEach(dress);
  count();
}

function setEditing(on) {
  editing = on;
  sc.classList.toggle('editing', on);
  editBtn.dataset.action = on ? 'done' : 'edit';
  editBtn.textContent = on ? 'Done' : meta.kind === 'messages' ? 'Manage' : 'Edit';
  $('#editbar').hidden = !(on && win.editStyle === 'select');
  sel.clear();
  live.forEach(el => (el.removeAttribute('data-open'), dress(el)));
  count();
  if (meta.insertable) keep(); // insertion rows move what follows them
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
  try {
    const r = await api(A + '/batch', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ baseVersion: ver, ...b }),
    });
    ver = r.version ?? ver;
  } catch (e) {
    note(e.status === 409 ? 'The list changed elsewhere and was refreshed. Try again.' : `Not saved: ${e.message}`);
  }
  b.deleteRows?.forEach(r => sel.delete(String(r)));
  count();
  reload();
}

function ask(text, then) {
  $('p', dlg).textContent = text;
  dlg._then = then;
  dlg.showModal();
}
const del = ids => batch({ deleteRows: ids.map(Number) });
const delSelected = () => ask(`Delete ${sel.size} selected?`, () => del([...sel]));

async function selectAll() {
  if (sel.size && sel.size === total) sel.clear();
  else {
    try {
      (await query(0, Math.ceil(C) + 1)).rows.forEach(r => sel.add(String(r.id)));
      total = sel.size;
    } catch (e) { return note(e.message); }
  }
  live.forEach(dress);
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

function activate(it) {
  if (it.dataset.cell === 'footer') return insert(it);
  if (editing && win.editStyle === 'select') return pick(it, true);
  pick(it, false);
  if (meta.kind === 'heroes' && !editing) openEditor(it);
}

const tools = {
  edit: () => setEditing(true), done: () => setEditing(false), add: addHero, 'select-all': selectAll,
  'delete-selected': delSelected, cancel: () => dlg.close(), confirm: () => (dlg.close(), dlg._then?.()),
};
function click(e) {
  const a = e.target.closest('[data-action]'), act = a?.dataset.action;
  if (act === 'retry') return (err.hidden = true), retry?.();
  if (!sc || swallow) return (swallow = false); // the click that ends a swipe
  const it = e.target.closest('[role=row]'), open = $('[data-open]', ly);
  if (open && sc.contains(e.target) && act !== 'delete' && act !== 'minus') return open.removeAttribute('data-open');
  if (tools[act]) return tools[act]();
  if (act === 'minus') return it !== open && open?.removeAttribute('data-open'), it.toggleAttribute('data-open', it !== open);
  if (act === 'delete') return ask(`Delete “${nameOf(it)}”?`, () => del([it.dataset.rowId]));
  if (act === 'download') {
    downloaded.add(it.dataset.rowId);
    a.disabled = true;
    return say($('#toast'), `${nameOf(it)} is downloading…`, 2000);
  }
  if (!it || (a && act !== 'insert') || !sc.contains(it)) return;
  if (it.dataset.cell !== 'header') activate(it);
  else if (it.hasAttribute('aria-expanded')) toggle(it);
}

function moveFocus(it, dir) {
  const list = items(), n = list[it ? list.indexOf(it) + dir : list.findIndex(el => +el.dataset.y + +el.dataset.h > top)];
  if (!n) return;
  focusKey = key(n);
  live.forEach(dress);
  n.focus({ preventScroll: true });
  const y = +n.dataset.y, h = +n.dataset.h, p = n.dataset.cell !== 'header' && $('.pinned', ly), ph = p ? +p.dataset.h : 0;
  if (y < top + ph) setTop(y - ph);
  else if (y + h > top + vh) setTop(y + h - vh);
}

function onKey(e) {
  const it = e.target.closest('[role=row]'), k = e.key;
  if (k === 'ArrowDown' || k === 'ArrowUp') moveFocus(it, k === 'ArrowDown' ? 1 : -1);
  else if ((k === 'Enter' || k === ' ') && it && e.target === it) {
    if (it.dataset.cell !== 'header') activate(it);
    else if (it.hasAttribute('aria-expanded')) toggle(it);
  } else if ((k === 'Delete' || k === 'Backspace') && sel.size && win.editable === 'true') delSelected();
  else return;
  e.preventDefault();
}

// Swipe left (pointer or touch) reveals a row's Delete; the grip reorders in edit mode.
function down(e) {
  swallow = false;
  const g = e.target.closest('[data-action=move]'), it = e.target.closest('[data-can-edit]');
  if (g && editing) return drag(e, g.closest('[role=row]'));
  if (it && !editing && !e.button && !e.target.closest('button'))
    sw = { el: it, x: e.clientX, y: e.clientY, dx: 0, open: it.hasAttribute('data-open') };
}

function move(e) {
  if (!sw) return;
  const dx = e.clientX - sw.x;
  if (!sw.on) {
    if (Math.abs(e.clientY - sw.y) > 12) return (sw = null);
    if (Math.abs(dx) < 10) return;
    sw.on = true;
    sw.el.setPointerCapture(e.pointerId);
    sw.el.classList.add('sw');
  }
  sw.dx = Math.min(0, Math.max(dx - (sw.open ? W : 0), -W * 1.5));
  $('.rc', sw.el).style.transform = `translateX(${sw.dx}px)`;
}

function up() {
  if (sw?.on) {
    swallow = true;
    sw.el.classList.remove('sw');
    $('.rc', sw.el).style.transform = '';
    $('[data-open]', ly)?.removeAttribute('data-open');
    sw.el.toggleAttribute('data-open', sw.dx < -W / 2);
  }
  sw = null;
}

function drag(e, it) {
  e.preventDefault();
  it.setPointerCapture(e.pointerId);
  it.classList.add('drag');
  const y0 = e.clientY, y = +it.dataset.y, h = +it.dataset.h;
  let t;
  const mv = ev => {
    const c = y + ev.clientY - y0, mid = c + h / 2;
    it.style.transform = `translateY(${c - base}px)`;
    t = items().find(r => r.dataset.rowId && +r.dataset.y <= mid && mid < +r.dataset.y + +r.dataset.h);
  };
  it.addEventListener('pointermove', mv);
  it.addEventListener('pointerup', () => {
    it.removeEventListener('pointermove', mv);
    it.classList.remove('drag');
    it.style.transform = `translateY(${y - base}px)`;
    if (t && t !== it) batch({ moveRows: [{ id: +it.dataset.rowId, toSection: +t.dataset.section, toRow: +t.dataset.row }] });
  }, { once: true });
}

// Section index: binary search of window queries for the header.
async function jump(s) {
  for (let lo = 0, hi = C, n = 0; n < 48 && lo <= hi; n++) {
    const mid = Math.floor((lo + hi) / 2);
    let w;
    try { w = await query(mid, vh); } catch (e) { return note(e.message); }
    const h = w.headers.find(h => h.section === s && h.y >= mid), secs = [...w.headers, ...w.rows].map(x => x.section);
    if (h) return setTop(h.y), need();
    if (secs.length && Math.max(...secs) < s) lo = mid + vh;
    else hi = mid - 1;
  }
}

// Re-fetch, keeping the first visible row in place.
function keep() {
  const first = items().find(el => el.dataset.rowId && +el.dataset.y + +el.dataset.h > top);
  anchor = first && { k: key(first), off: first.dataset.y - top };
  reload();
}

function events() {
  const es = new EventSource(A + '/events');
  addEventListener('pagehide', () => es.close(), { once: true });
  es.addEventListener('change', e => {
    let d = {};
    try { d = JSON.parse(e.data); } catch {}
    (d.deleteRows || d.deletes || []).forEach?.(x => sel.delete(String(x?.id ?? x)));
    count();
    if (d.version > ver) keep();
  });
}

async function table() {
  try { meta = await api(A); } catch (e) { return fail(e, table); }
  err.hidden = true;
  document.title = `${meta.title || id} · ListServer`;
  $('#title').textContent = meta.title || id;
  collapsible = meta.collapsible ?? meta.kind === 'friends';
  editBtn.textContent = meta.kind === 'messages' ? 'Manage' : 'Edit';
  $('[data-action=add]').hidden = meta.kind !== 'heroes';
  const q = new URLSearchParams(location.search), x = q.get('expanded');
  if (x === 'all' || (x == null && meta.defaultExpanded === 'all')) expanded = new Set(meta.sections?.map(s => String(s.id)));
  else for (const p of x && x !== 'none' ? x.split(',') : []) {
    const [a, b = a] = p.split('-').map(Number);
    for (let i = a; i <= b && i - a < 1e5; i++) expanded.add(String(i));
  }
  const nav = $('#index');
  nav.hidden = !meta.indexTitles?.length;
  nav.replaceChildren(...(meta.indexTitles || []).map((t, i) => {
    const b = document.createElement('button');
    b.textContent = t;
    b.onclick = () => jump(meta.indexSections?.[i] ?? i);
    return b;
  }));
  vh = sc.clientHeight;
  C = meta.contentHeight || 0;
  sp.style.height = S() + 'px';
  setTop(+q.get('top') || 0);
  top = +q.get('top') || 0; // the first window brings the real content height
  load();
  events();
  addEventListener('pageshow', e => e.persisted && (events(), reload()));
  sc.addEventListener('scroll', () => {
    if (Math.abs(sc.scrollTop - own) >= 1) top = sc.scrollTop * ratio();
    own = -1;
    place();
    need();
    save();
  }, { passive: true });
  new ResizeObserver(() => sc.clientHeight !== vh && ((vh = sc.clientHeight), need())).observe(sc);
}

document.addEventListener('click', click);
if (sc) {
  sc.addEventListener('keydown', onKey);
  sc.addEventListener('focusin', e => {
    const it = e.target.closest('[role=row]');
    if (it && ly.contains(it)) (focusKey = key(it)), live.forEach(dress);
  });
  sc.addEventListener('pointerdown', down);
  sc.addEventListener('pointermove', move);
  sc.addEventListener('pointerup', up);
  sc.addEventListener('pointercancel', up);
  table();
}
