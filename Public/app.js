// ListServer — Public/app.js: the dataset list (/) and the virtualized table page (/d/{id}).
const $ = (s, r = document) => r.querySelector(s);
const MAXH = 1e7; // past this the spacer is capped and scroll positions map linearly onto the content
const W = 80; // width of a swipe's Delete button

async function api(url, opts) {
  const r = await fetch(url, opts);
  const body = (r.headers.get('content-type') || '').includes('json') ? await r.json() : await r.text();
  if (r.ok) return body;
  const e = new Error(body.detail || body.title || `HTTP ${r.status}`);
  e.status = r.status;
  throw e;
}

const err = $('#err');
let retry = null;
function fail(e, again) {
  $('p', err).textContent = `Could not load: ${e.message}`;
  retry = again;
  err.hidden = false;
}

async function home(list) {
  try {
    const { datasets } = await api('/api/datasets');
    err.hidden = true;
    list.replaceChildren(...datasets.map(d => {
      const a = document.createElement('a');
      a.className = 'card';
      a.href = '/d/' + encodeURIComponent(d.id);
      a.innerHTML = '<img alt=""><b></b><small></small>';
      a.firstChild.src = `/icons/${{ friends: 'friend-01', heroes: 'hero-01', apps: 'app-01' }[d.kind] || 'message'}.svg`;
      a.children[1].textContent = d.title || d.id;
      a.lastChild.textContent = `${d.kind} · ${d.sectionCount} sections · ${d.rowCount} rows`;
      return a;
    }));
    if (!datasets.length) list.textContent = 'No datasets yet.';
    list.removeAttribute('aria-busy');
  } catch (e) { fail(e, () => home(list)); }
}

// ---- table page state ----
const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const sc = $('#table'), sp = $('.spacer'), ly = $('.layer'), tpl = document.createElement('template');
const editBtn = $('[data-action=edit]'), bar = $('#editbar');
let meta = {}, win = {}, ver = 0, C = 0, vh = 0, top = 0, base = 0, own = -1;
let loaded = null, req = null, anchor = null, expanded = new Set(), collapsible = false;
let live = new Map(), pools = {}, focusKey = null, editing = false, total = -1;
const sel = new Set(), downloaded = new Set();

const S = () => Math.min(C, MAXH);
const ratio = () => (C > MAXH ? (C - vh) / (S() - vh) : 1);
const key = n => (n.dataset.rowId ? 'r' + n.dataset.rowId : (n.dataset.cell === 'footer' ? 'f' : 'h') + n.dataset.sectionId);
const rows = () => [...live.values()].filter(e => e.getAttribute('role') === 'row').sort((a, b) => a.dataset.y - b.dataset.y);
const nameOf = el => ($('.t1 .nm, .t1 .tt, .t1', el) || el).textContent.trim();

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
    const py = y < top && top < end ? Math.min(top, end - el.dataset.h) : y;
    el.style.transform = `translateY(${py - base}px)`;
    el.classList.toggle('pinned', py !== y);
  }
}

function ranges(ids) {
  const n = ids.map(Number).sort((a, b) => a - b), out = [];
  for (let i = 0; i < n.length; i++) {
    let j = i;
    while (n[j + 1] === n[j] + 1) j++;
    out.push(j > i ? `${n[i]}-${n[j]}` : n[i]);
    i = j;
  }
  return out.join(',');
}
const exp = () => (collapsible ? '&expanded=' + (expanded.size ? ranges([...expanded]) : 'none') : '');

function need(force) {
  const o = Math.round(vh / 3);
  const cov = r => r && r.a <= Math.max(0, top - o) && r.b >= Math.min(C, top + vh + o);
  if (force || !(cov(loaded) || cov(req))) load();
}

function load() {
  req?.ctl.abort();
  const o = Math.round(vh * 0.75), t = Math.round(top);
  const r = (req = { a: Math.max(0, t - o), b: t + vh + o, ctl: new AbortController() });
  fetch(`/d/${encodeURIComponent(id)}/fragment?top=${t}&height=${vh}&overscan=${o}${exp()}`, { signal: r.ctl.signal })
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
      if (e.name === 'AbortError' || req !== r) return;
      req = null;
      fail(e, load);
    });
}

function sync(el, n) {
  for (const a of [...el.attributes]) if (!n.hasAttribute(a.name) && a.name !== 'data-open') el.removeAttribute(a.name);
  for (const a of n.attributes) if (el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value);
}

function dress(el) {
  const r = el.dataset.rowId;
  if (r) {
    el.setAttribute('aria-selected', sel.has(r));
    const b = $('[data-action=download]', el);
    if (b) b.disabled = downloaded.has(r);
  }
  el.tabIndex = key(el) === focusKey ? 0 : -1;
}

function release(el) {
  if (el.contains(document.activeElement)) sc.focus({ preventScroll: true });
  el.hidden = true;
  for (const a of ['data-row-id', 'data-section-id', 'data-open', 'role']) el.removeAttribute(a);
  const p = (pools[el.dataset.cell] ??= []);
  p.length < 24 ? p.push(el) : el.remove();
}

function apply(html) {
  tpl.innerHTML = html;
  const w = tpl.content.firstElementChild, v = +w.dataset.version;
  win = { ...w.dataset };
  ver = v;
  sc.dataset.style = win.style;
  sc.dataset.kind = win.kind;
  editBtn.hidden = win.editable !== 'true';
  if (+win.contentHeight !== C) {
    C = +win.contentHeight;
    sp.style.height = S() + 'px';
    setTop(top);
  }
  base = Math.round(top);
  const old = live;
  live = new Map();
  for (const n of [...w.children]) {
    const k = key(n);
    let el = old.get(k);
    if (el) {
      old.delete(k);
      sync(el, n);
      if (el._v !== v) el.replaceChildren(...n.childNodes);
    } else if ((el = pools[n.dataset.cell]?.pop())) {
      el.removeAttribute('data-open');
      sync(el, n);
      el.replaceChildren(...n.childNodes);
    } else ly.append((el = n));
    el._v = v;
    el.style.transform = `translateY(${n.dataset.y - base}px)`;
    live.set(k, el);
    dress(el);
  }
  old.forEach(release);
  const f = live.get(focusKey);
  if (f && (document.activeElement === sc || document.activeElement === document.body)) f.focus({ preventScroll: true });
  if (anchor) {
    const a = live.get(anchor.k);
    if (a) setTop(a.dataset.y - anchor.off);
    anchor = null;
  }
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
  open ? expanded.add(h.dataset.sectionId) : expanded.delete(h.dataset.sectionId);
  if (+h.dataset.y < top) setTop(+h.dataset.y);
  loaded = null;
  load();
  save();
}

function count() {
  $('[data-role=selected-count]').textContent = `${sel.size} selected`;
  $('[data-action=delete-selected]').disabled = !sel.size;
  $('[data-action=select-all]').textContent = sel.size && sel.size === total ? 'Deselect All' : 'Select All';
}

function pick(it, many) {
  const r = it.dataset.rowId;
  if (many) sel.has(r) ? sel.delete(r) : sel.add(r);
  else {
    const on = sel.has(r) && sel.size === 1;
    sel.clear();
    if (!on) sel.add(r);
  }
  live.forEach(dress);
  count();
}

function setEditing(on) {
  editing = on;
  sc.classList.toggle('editing', on);
  editBtn.dataset.action = on ? 'done' : 'edit';
  editBtn.textContent = on ? 'Done' : meta.kind === 'messages' ? 'Manage' : 'Edit';
  bar.hidden = !(on && win.editStyle === 'select');
  sel.clear();
  total = -1;
  live.forEach(el => (el.removeAttribute('data-open'), dress(el)));
  count();
}

function say(el, text, ms) {
  el.textContent = text;
  el.hidden = false;
  el.classList.remove('fade');
  void el.offsetWidth;
  el.classList.add('fade');
  clearTimeout(el._t);
  el._t = setTimeout(() => (el.hidden = true), ms);
}

async function batch(b) {
  try {
    const r = await api(`/api/datasets/${encodeURIComponent(id)}/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ baseVersion: ver, ...b }),
    });
    ver = r.version ?? ver;
  } catch (e) {
    say($('#note'), e.status === 409 ? 'This list was changed elsewhere and has been refreshed. Please try again.'
      : `Not saved: ${e.message}`, 4000);
  }
  (b.deleteRows || []).forEach(r => sel.delete(String(r)));
  count();
  loaded = null;
  load();
}

const dlg = $('#confirm');
function ask(text, then) {
  $('p', dlg).textContent = text;
  dlg._then = then;
  dlg.showModal();
}
const del = ids => batch({ deleteRows: ids.map(Number) });

async function selectAll() {
  if (sel.size && sel.size === total) sel.clear();
  else {
    try {
      const w = await api(`/api/datasets/${encodeURIComponent(id)}/window?top=0&height=${Math.ceil(C) + 1}&overscan=0${exp()}`);
      w.rows.forEach(r => sel.add(String(r.id)));
      total = sel.size;
    } catch (e) { return say($('#note'), `Could not select: ${e.message}`, 4000); }
  }
  live.forEach(dress);
  count();
}

const heroBits = [['Ash', 'Brin', 'Cael', 'Dara', 'Eon', 'Fen', 'Ivo', 'Lys', 'Mira', 'Oren', 'Rook', 'Sol'],
  ['the Bold', 'of the Vale', 'Stormcaller', 'the Quiet', 'Ironheart', 'Dawnbringer', 'the Wanderer']];
const any = a => a[Math.floor(Math.random() * a.length)];
function addHero() {
  const n = Math.floor(Math.random() * 24) + 1;
  setTop(0);
  batch({ insertRows: [{ section: 0, row: 0, fields: {
    name: `${any(heroBits[0])} ${any(heroBits[0])}`, title: any(heroBits[1]), icon: `hero-${String(n).padStart(2, '0')}`,
    desc: 'A new hero, freshly arrived. Their story is still unwritten.', tags: [any(['Warrior', 'Mage', 'Support', 'Assassin'])],
  } }] });
}

const ed = $('#editor');
function openEditor(it) {
  ed._row = it.dataset.rowId;
  ed._y = +it.dataset.y;
  ed.querySelector('[name=name]').value = $('.nm', it)?.textContent || '';
  ed.querySelector('[name=title]').value = $('.ti', it)?.textContent || '';
  ed.returnValue = '';
  ed.showModal();
}
ed?.addEventListener('close', async () => {
  if (ed.returnValue !== 'save') return;
  const f = new FormData($('form', ed));
  try {
    const w = await api(`/api/datasets/${encodeURIComponent(id)}/window?top=${ed._y}&height=1&overscan=0${exp()}`);
    const r = w.rows.find(r => String(r.id) === ed._row);
    batch({ updateRows: [{ id: +ed._row, fields: { ...r?.fields, name: f.get('name'), title: f.get('title') } }] });
  } catch (e) { say($('#note'), `Not saved: ${e.message}`, 4000); }
});

function activate(it) {
  if (editing && win.editStyle === 'select') return pick(it, true);
  pick(it, false);
  if (meta.kind === 'heroes' && !editing) openEditor(it);
}

let swallow = false;
function click(e) {
  const a = e.target.closest('[data-action]'), act = a?.dataset.action;
  if (act === 'retry') return (err.hidden = true), retry?.();
  if (!sc || swallow) return (swallow = false);
  const it = e.target.closest('[role=row]'), open = $('[data-open]', ly);
  if (open && sc.contains(e.target) && act !== 'delete' && act !== 'minus') return open.removeAttribute('data-open');
  if (act === 'edit' || act === 'done') return setEditing(act === 'edit');
  if (act === 'add') return addHero();
  if (act === 'select-all') return selectAll();
  if (act === 'delete-selected') return ask(`Delete ${sel.size} selected?`, () => del([...sel]));
  if (act === 'cancel') return dlg.close();
  if (act === 'confirm') return dlg.close(), dlg._then?.();
  if (act === 'minus') return it !== open && open?.removeAttribute('data-open'), it.toggleAttribute('data-open', it !== open);
  if (act === 'delete') return ask(`Delete “${nameOf(it)}”?`, () => del([it.dataset.rowId]));
  if (act === 'download') {
    downloaded.add(it.dataset.rowId);
    a.disabled = true;
    return say($('#toast'), `${nameOf(it)} is downloading…`, 2000);
  }
  if (!it || a || !sc.contains(it)) return;
  if (it.dataset.cell === 'header') return it.hasAttribute('aria-expanded') && toggle(it);
  activate(it);
}

function moveFocus(it, dir) {
  const list = rows();
  const i = it ? list.indexOf(it) + dir : list.findIndex(el => +el.dataset.y + +el.dataset.h > top);
  const n = list[i];
  if (!n) return;
  focusKey = key(n);
  live.forEach(dress);
  n.focus({ preventScroll: true });
  const y = +n.dataset.y, h = +n.dataset.h, p = win.style === 'plain' && n.dataset.cell !== 'header' ? $('.pinned', ly) : null;
  if (y < top + (p ? +p.dataset.h : 0)) setTop(y - (p ? +p.dataset.h : 0));
  else if (y + h > top + vh) setTop(y + h - vh);
}

function wire() {
sc.addEventListener('keydown', e => {
  const it = e.target.closest('[role=row]'), k = e.key;
  if (k === 'ArrowDown' || k === 'ArrowUp') {
    e.preventDefault();
    moveFocus(it, k === 'ArrowDown' ? 1 : -1);
  } else if ((k === 'Enter' || k === ' ') && it && e.target === it) {
    e.preventDefault();
    it.dataset.cell === 'header' ? it.hasAttribute('aria-expanded') && toggle(it) : activate(it);
  } else if ((k === 'Delete' || k === 'Backspace') && sel.size && win.editable === 'true') {
    e.preventDefault();
    ask(`Delete ${sel.size} selected?`, () => del([...sel]));
  }
});
sc.addEventListener('focusin', e => {
  const it = e.target.closest?.('[role=row]');
  if (it && ly.contains(it)) (focusKey = key(it)), live.forEach(dress);
});

let sw = null;
sc.addEventListener('pointerdown', e => {
  swallow = false;
  const g = e.target.closest('[data-action=move]');
  if (g && editing) return drag(e, g.closest('[role=row]'));
  const it = e.target.closest('[data-can-edit]');
  if (!it || editing || e.button > 0 || e.target.closest('button')) return;
  sw = { el: it, x: e.clientX, y: e.clientY, dx: 0, on: false, open: it.hasAttribute('data-open') };
});
sc.addEventListener('pointermove', e => {
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
});
function endSwipe() {
  if (!sw) return;
  if (sw.on) {
    swallow = true;
    sw.el.classList.remove('sw');
    $('.rc', sw.el).style.transform = '';
    $('[data-open]', ly)?.removeAttribute('data-open');
    sw.el.toggleAttribute('data-open', sw.dx < -W / 2);
  }
  sw = null;
}
sc.addEventListener('pointerup', endSwipe);
sc.addEventListener('pointercancel', endSwipe);
}

function drag(e, it) {
  e.preventDefault();
  it.setPointerCapture(e.pointerId);
  it.classList.add('drag');
  const y0 = e.clientY, y = +it.dataset.y;
  let t = null;
  const mv = ev => {
    const c = y + ev.clientY - y0;
    it.style.transform = `translateY(${c - base}px)`;
    t = rows().find(r => r.dataset.rowId && +r.dataset.y <= c + it.dataset.h / 2 && c + it.dataset.h / 2 < +r.dataset.y + +r.dataset.h);
  };
  it.addEventListener('pointermove', mv);
  it.addEventListener('pointerup', () => {
    it.removeEventListener('pointermove', mv);
    it.classList.remove('drag');
    it.style.transform = `translateY(${y - base}px)`;
    if (t && t !== it) batch({ moveRows: [{ id: +it.dataset.rowId, toSection: +t.dataset.section, toRow: +t.dataset.row }] });
  }, { once: true });
}

async function jump(s) {
  let lo = 0, hi = C;
  for (let n = 0; n < 48 && lo <= hi; n++) {
    const mid = Math.floor((lo + hi) / 2);
    let w;
    try {
      w = await api(`/api/datasets/${encodeURIComponent(id)}/window?top=${mid}&height=${vh}&overscan=0${exp()}`);
    } catch (e) { return say($('#note'), e.message, 3000); }
    const h = w.headers.find(h => h.section === s && h.y >= mid);
    if (h) return setTop(h.y), need();
    const secs = [...w.headers, ...w.rows].map(x => x.section);
    if (secs.length && Math.max(...secs) < s) lo = mid + vh;
    else hi = mid - 1;
  }
}

function events() {
  const es = new EventSource(`/api/datasets/${encodeURIComponent(id)}/events`);
  addEventListener('pagehide', () => es.close(), { once: true });
  es.addEventListener('change', e => {
    let d = {};
    try { d = JSON.parse(e.data); } catch {}
    for (const k of ['deleteRows', 'deletes', 'deleted']) (d[k] || []).forEach(x => sel.delete(String(x?.id ?? x)));
    count();
    if (d.version && d.version <= ver) return;
    const first = rows().find(el => el.dataset.rowId && +el.dataset.y + +el.dataset.h > top);
    anchor = first && { k: key(first), off: first.dataset.y - top };
    loaded = null;
    load();
  });
}

async function table() {
  try {
    meta = await api('/api/datasets/' + encodeURIComponent(id));
  } catch (e) { return fail(e, table); }
  err.hidden = true;
  document.title = `${meta.title || id} · ListServer`;
  $('#title').textContent = meta.title || id;
  collapsible = meta.kind === 'friends';
  editBtn.textContent = meta.kind === 'messages' ? 'Manage' : 'Edit';
  $('[data-action=add]').hidden = meta.kind !== 'heroes';
  const q = new URLSearchParams(location.search), x = q.get('expanded');
  const all = (meta.sections || []).map(s => String(s.id));
  if (x === 'all' || (x == null && meta.defaultExpanded === 'all')) expanded = new Set(all);
  else for (const p of (x && x !== 'none' ? x.split(',') : [])) {
    const [a, b = a] = p.split('-').map(Number);
    for (let i = a; i <= b && i - a < 1e5; i++) expanded.add(String(i));
  }
  const titles = meta.indexTitles || [], nav = $('#index');
  if (titles.length) {
    nav.hidden = false;
    nav.replaceChildren(...titles.map((t, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = t;
      b.onclick = () => jump(meta.indexSections?.[i] ?? i);
      return b;
    }));
  }
  vh = sc.clientHeight;
  C = meta.contentHeight || 0;
  sp.style.height = S() + 'px';
  setTop(+q.get('top') || 0);
  top = +q.get('top') || 0;
  load();
  events();
  addEventListener('pageshow', e => e.persisted && (events(), (loaded = null), load()));
  sc.addEventListener('scroll', () => {
    if (Math.abs(sc.scrollTop - own) >= 1) top = sc.scrollTop * ratio();
    own = -1;
    place();
    need();
    save();
  }, { passive: true });
  new ResizeObserver(() => {
    if (sc.clientHeight !== vh) (vh = sc.clientHeight), need();
  }).observe(sc);
}

document.addEventListener('click', click);
if (sc) wire(), table();
else home($('#datasets'));
