// Pointer gestures on rows, as a UITableView's: the press highlight (on touch after a moment, and none once the
// touch scrolls or swipes), swipes that reveal a row's actions (trailing from the right, leading from the left;
// one row open at a time; a full swipe runs the first action), in edit mode the grip that lifts a row while
// the others make room, in Manage mode a drag across the selection circles that selects a run (both scroll the
// list when held at its top or bottom edge), and on touch the swipe from a child table's left edge that goes back.
import { batch, deleteRows } from './editing.js';
import { closeOpenRow } from './opened.js';
import { showSelectionCount } from './selection.js';
import { $, dom, itemOf, state } from './state.js';
import { dressAll, put, refresh } from './windows.js';

const pressDelay = 100; // ms before a touch highlights its row, so a scroll does not flash rows
let pressTimer;
let edge = null; // a swipe from a child table's leading edge: {x, y, dx, moving}
const edgeWidth = 24; // px from the leading edge that start one

let dragging = false; // a row lifted by its grip
let held; // the animation of a change made elsewhere while a gesture held the rows (undefined: none)

/// Fetches the window again for a change made elsewhere, with its `animation`; while a row is being dragged or
/// swiped under the finger, once that gesture ends (the rows it moves stay where the person put them, as UIKit's
/// do). A row merely open, a Delete confirmation, a field and the selection are kept by drawWindow.
export function refreshAfterGestures(animation) {
  if (dragging || state.swipe?.moving) return void (held = animation ?? 'automatic');
  state.motion = animation;
  refresh();
}
/// A gesture starts holding the rows: a window on its way would redraw them under it, so it is fetched again after.
function hold() {
  if (!state.request) return;
  state.request.controller.abort();
  state.request = null;
  held ??= 'automatic';
}
/// A gesture ended: the change it held is drawn.
function letGo() {
  if (held === undefined || dragging || state.swipe?.moving) return;
  refreshAfterGestures(held);
  held = undefined;
}

/// 1, or -1 on a page written right to left, where the trailing buttons are on the left: a swipe's offsets are
/// measured towards the leading edge.
const leading = document.documentElement.dir === 'rtl' ? -1 : 1;

/// The buttons a swipe reveals on `row`: its trailing group (`t`) or leading group (`l`), if it has one.
const groupOf = (row, side) => $(side === 'l' ? '.acts.l' : '.acts.t', row);

/// Runs the action of a swipe's button, as its UIContextualAction handler would: Delete deletes, any other
/// action is run by the server as the dataset describes it.
export function runAction(row, button) {
  closeOpenRow();
  if (button.dataset.action === 'delete') return deleteRows([row.dataset.rowId]);
  return batch({ rowActions: [{ id: +row.dataset.rowId, edge: button.dataset.edge, index: +button.dataset.index }] });
}

// A closed row's buttons stay in the Tab order (behind the content, transparent): the one the keyboard focuses
// opens its row on its side, and the row closes when the focus leaves its buttons.
dom.scroller.addEventListener('focusin', event => {
  const group = event.target.closest('.acts'), row = group?.closest('.row');
  const side = group?.classList.contains('l') ? 'l' : 't';
  if (row && row.getAttribute('data-open') !== side) openRow(row, side);
});
dom.scroller.addEventListener('focusout', event => {
  const group = event.target.closest('.acts');
  if (group && !group.closest('.row').contains(event.relatedTarget?.closest('.acts'))) closeOpenRow();
});

/// Leaves `row` open on one side (`t` or `l`), its content slid aside by the width of that side's buttons.
export function openRow(row, side) {
  closeOpenRow();
  const group = groupOf(row, side);
  if (!group) return;
  row.setAttribute('data-open', side);
  $('.rc', row).style.transform = `translateX(${(side === 'l' ? group.offsetWidth : -group.offsetWidth) * leading}px)`;
}

/// Closes the row a swipe opened; returns whether one was open.
function press(row) {
  unpress();
  state.pressed = row;
  row?.classList.add('down');
}
function unpress() {
  clearTimeout(pressTimer);
  state.pressed?.classList.remove('down');
  state.pressed = null;
}

/// A touch that starts at the leading edge of a child table drags it away from it, and past a third of the width goes
/// back to the parent, as UINavigationController's interactive pop does.
function edgeMove(event) {
  const dx = (event.clientX - edge.x) * leading;
  if (!edge.moving) {
    if (Math.abs(event.clientY - edge.y) > 12) return (edge = null);
    if (dx < 10) return;
    edge.moving = true;
    unpress();
    dom.scroller.setPointerCapture(event.pointerId);
  }
  edge.dx = Math.max(0, dx);
  dom.scroller.style.transition = 'none';
  dom.scroller.style.translate = `${edge.dx * leading}px 0`;
}

function edgeUp() {
  const { moving, dx } = edge;
  edge = null;
  if (!moving) return; // a tap near the edge stays a tap
  state.swallowClick = true;
  dom.scroller.style.transition = '';
  dom.scroller.style.translate = '';
  if (dx > dom.scroller.clientWidth / 3) history.back();
}

export function pointerDown(event) {
  state.swallowClick = false;
  const bounds = dom.scroller.getBoundingClientRect();
  const fromEdge = leading > 0 ? event.clientX - bounds.left : bounds.right - event.clientX;
  if (event.pointerType === 'touch' && state.child && history.state?.up && fromEdge < edgeWidth)
    return (edge = { x: event.clientX, y: event.clientY, dx: 0, moving: false });
  const row = event.target.closest('.row'), open = $('[data-open]', dom.layer);
  // A touch anywhere while a row is open only closes it, as on iOS.
  if (open && !state.editing && open !== row) {
    event.preventDefault(); // nor does it select text
    closeOpenRow();
    state.swallowClick = true;
    return;
  }
  if (event.pointerType === 'touch') pressTimer = setTimeout(() => press(row), pressDelay);
  else press(row);
  const grip = event.target.closest('[data-action=move]'), editable = event.target.closest('[data-can-edit]');
  if (grip && state.editing) return reorder(event, grip.closest('[role=row]'));
  const circle = event.target.closest('.check');
  if (circle && state.editing && state.window.editStyle === 'select' && event.pointerType !== 'touch' && !event.button)
    return sweep(event, circle.closest('[role=row]'));
  if (editable && !state.editing && !event.button && !event.target.closest('button'))
    state.swipe = { row: editable, x: event.clientX, y: event.clientY, dx: 0, open: editable.getAttribute('data-open') };
}

export function pointerMove(event) {
  if (edge) return edgeMove(event);
  const swipe = state.swipe;
  if (!swipe) return;
  const row = swipe.row, dx = (event.clientX - swipe.x) * leading;
  if (!swipe.moving) {
    if (Math.abs(event.clientY - swipe.y) > 12) return (state.swipe = null), unpress();
    if (Math.abs(dx) < 10) return;
    swipe.moving = true;
    hold();
    unpress();
    row.setPointerCapture(event.pointerId);
    swipe.trailing = groupOf(row, 't');
    swipe.leading = groupOf(row, 'l');
    swipe.from = swipe.open ? new DOMMatrix(getComputedStyle($('.rc', row)).transform).m41 * leading : 0;
    row.classList.add('sw');
  }
  // Up to the row's width on a side that has buttons; the first button widens with the swipe, so no gap
  // opens behind the content.
  const width = row.clientWidth;
  swipe.dx = Math.min(swipe.leading ? width : 0, Math.max(dx + swipe.from, swipe.trailing ? -width : 0));
  $('.rc', row).style.transform = `translateX(${swipe.dx * leading}px)`;
  for (const group of [swipe.trailing, swipe.leading]) if (group) group.style.width = '';
  const group = swipe.dx < 0 ? swipe.trailing : swipe.leading;
  if (group && Math.abs(swipe.dx) > group.offsetWidth) group.style.width = Math.abs(swipe.dx) + 'px';
}

export function pointerUp() {
  if (edge) return edgeUp();
  const swipe = state.swipe;
  unpress();
  state.swipe = null;
  if (!swipe?.moving) return;
  queueMicrotask(letGo);
  state.swallowClick = true;
  const row = swipe.row, side = swipe.dx < 0 ? 't' : 'l', group = groupOf(row, side);
  row.classList.remove('sw');
  for (const side of [swipe.trailing, swipe.leading]) if (side) side.style.width = '';
  $('.rc', row).style.transform = '';
  row.removeAttribute('data-open');
  if (!group) return;
  // A full swipe runs the side's first action; a swipe past half its buttons leaves them open.
  if (Math.abs(swipe.dx) > row.clientWidth / 2) return runAction(row, $('.act:not(.em)', group));
  if (Math.abs(swipe.dx) > group.offsetWidth / 2) openRow(row, side);
  else closeOpenRow();
}

const edgeZone = 64; // px from the scroller's top and bottom edges in which a held drag scrolls
const fastest = 1500; // px a second at the very edge (and past it)

/// Scrolls while a drag is held near the top or bottom edge of the scroller, faster the deeper into the edge's
/// zone, as a UITableView does under a row being moved; `follow` runs every frame after the step, so what follows
/// the pointer follows the scroll too.
/// - Returns: `move(y)` to give it the pointer's client y, `stop()` to end it.
function autoScroll(follow) {
  let pointerY = null, then = performance.now(), carry = 0, frame = requestAnimationFrame(step);
  function step(now) {
    const box = dom.scroller.getBoundingClientRect(), zone = Math.min(edgeZone, box.height / 4);
    // Toward the top is negative, toward the bottom positive; 1 at the edge.
    const depth = pointerY == null ? 0
      : (Math.max(0, pointerY - box.bottom + zone) - Math.max(0, box.top + zone - pointerY)) / zone;
    carry += fastest * Math.max(-1, Math.min(1, depth)) * Math.min(now - then, 50) / 1000; // a stalled frame does not jump
    then = now;
    const whole = Math.trunc(carry), before = dom.scroller.scrollTop;
    if (whole) {
      state.relativeScroll = true;
      dom.scroller.scrollTop = before + whole;
      carry = dom.scroller.scrollTop === before ? 0 : carry - whole; // at an end nothing builds up
    }
    follow();
    frame = requestAnimationFrame(step);
  }
  return { move: y => (pointerY = y), stop: () => cancelAnimationFrame(frame) };
}

/// Drags a row by its grip: it lifts and follows the pointer while the rows it passes slide aside, and near the
/// scroller's top or bottom the list scrolls under it; dropped, it moves to the place it took. The row is then
/// itself again: neither lifted nor selected by the click that ends the drag.
function reorder(event, row) {
  event.preventDefault();
  unpress(); // lifted, not pressed: it keeps its own background
  row.setPointerCapture(event.pointerId);
  row.classList.add('drag');
  dragging = true;
  state.lifted = row;
  hold();
  const dragged = itemOf(row), key = dragged.key, grab = event.clientY - row.getBoundingClientRect().top;
  // What makes room: every row, header and footer passed, as a table slides them all, so that a row taken into
  // another section passes its header. A section with moveWithinSection keeps the row: only its own rows make
  // room (targetIndexPathForMove).
  const within = row.dataset.moveWithin && row.dataset.section;
  const others = () => state.viewport.items.filter(item => item.key !== key && state.elements.has(item.key) &&
    (!within || (item.key[0] === 'r' && state.elements.get(item.key).dataset.section === within)));
  let target, pointerY = event.clientY;
  // Where the row is drawn follows the pointer and the scroll, and windows fetched meanwhile (rows below the
  // row's own place, by the server's offsets, move up to fill it; rows above it move down).
  const follow = () => {
    const base = state.base, at = pointerY - grab - dom.layer.getBoundingClientRect().top + base, middle = at + dragged.size / 2;
    row.classList.add('drag');
    put(row, at - base);
    target = null;
    for (const item of others()) {
      const element = state.elements.get(item.key);
      const below = item.y > dragged.y, passed = below ? item.at <= middle : item.at + item.size > middle;
      element.classList.add('making-room');
      element.style.translate = passed ? `0 ${below ? -dragged.size : dragged.size}px` : '';
      // The place is next to a row: a header or footer passed only makes room.
      if (passed && item.key[0] === 'r' && (!target || (below ? item.y > target.y : item.y < target.y))) target = item;
    }
  };
  const scrolling = autoScroll(follow);
  const move = moveEvent => scrolling.move((pointerY = moveEvent.clientY));
  // On the document, which has the pointer's events whether or not the row keeps its capture.
  document.addEventListener('pointermove', move);
  const drop = () => {
    for (const [type, handler] of [['pointermove', move], ['pointerup', drop], ['pointercancel', drop]])
      document.removeEventListener(type, handler);
    scrolling.stop();
    follow();
    row.classList.remove('drag');
    dragging = false;
    state.lifted = null;
    state.swallowClick = true; // the click that ends a drag selects nothing
    held = undefined; // the window after the drop, or put back, brings what changed meanwhile
    // Out of its window: back among the elements drawn, so the next window moves it from where it is.
    if (!state.elements.has(key)) state.elements.set(key, row);
    const to = target && state.elements.get(target.key);
    // Dropped on a place: everything stays where the drag left it, and the next window animates from there. The
    // place is the row it was dropped next to (after it going down, before it going up), and the index path as
    // drawn where that row is gone: a place others' inserts and deletes do not move.
    if (to) {
      const down = target.y > dragged.y, neighbour = +to.dataset.rowId;
      settleRoom(others(), dragged, target, down);
      return batch({ moveRows: [{ id: +row.dataset.rowId, toSection: +to.dataset.section, toRow: +to.dataset.row,
        ...(down ? { after: neighbour } : { before: neighbour }) }] });
    }
    for (const item of others()) state.elements.get(item.key).style.translate = '';
    const item = state.viewport.items.find(item => item.key === key);
    if (item) put(row, item.at - state.base);
    refresh();
  };
  document.addEventListener('pointerup', drop);
  document.addEventListener('pointercancel', drop);
}

/// The rows that made room for a dropped row take where they show as their places, and the row the place beside
/// `target`: the window after the move keeps the rows in view where they are, so nothing moves once it is saved
/// (its old place may have scrolled away above, with every row in view moved up into it).
function settleRoom(items, dragged, target, down) {
  for (const item of items) {
    const element = state.elements.get(item.key);
    element.classList.remove('making-room'); // the room is kept, not given back
    if (!element.style.translate) continue;
    element.style.translate = '';
    item.at += down ? -dragged.size : dragged.size;
    put(element, item.at - state.base);
  }
  dragged.at = down ? target.at + target.size : target.at - dragged.size;
  state.viewport.items.sort((a, b) => a.at - b.at);
}

/// A drawn row's place in the table: its id, section and row indexes.
const placeOf = row => ({ id: row.dataset.rowId, section: +row.dataset.section, row: +row.dataset.row });
const before = (a, b) => a.section < b.section || (a.section === b.section && a.row < b.row);

/// In Manage mode a drag from a row's selection circle over the others selects the run of rows it passes, or
/// deselects it when it began on a selected row, as iOS 13's two-finger pan over a table's rows does: going back
/// gives the rows it leaves their state from before, and held near an edge the list scrolls on. Rows passed while
/// undrawn are selected with the run they are in (deselected only when drawn).
function sweep(event, first) {
  const x = event.clientX, select = !state.selection.has(first.dataset.rowId), start = placeOf(first), version = state.version;
  const touched = new Map(); // id → {place, was: whether it was selected}
  let pointerY = event.clientY, last = first, moved = false, done = null; // done: [the row, the elements] last swept
  const follow = () => {
    const box = dom.scroller.getBoundingClientRect(), y = Math.max(box.top + 1, Math.min(box.bottom - 1, pointerY));
    const row = document.elementFromPoint(x, y)?.closest('[role=row][data-row-id]');
    if (row && dom.layer.contains(row) && row.dataset.section != null) last = row;
    if (!moved && last === first) return;
    if (!moved) {
      moved = true;
      unpress();
      dom.scroller.classList.add('sweeping');
    }
    if (done?.[0] === last && done[1] === state.elements) return; // nothing new under the pointer nor drawn
    done = [last, state.elements];
    const end = placeOf(last), [from, to] = before(end, start) ? [end, start] : [start, end];
    const selection = state.selection, outside = place => before(place, from) || before(to, place);
    for (const element of state.elements.values()) {
      if (!element.dataset.rowId || element.dataset.section == null) continue;
      const place = placeOf(element);
      if (outside(place)) continue;
      if (!touched.has(place.id)) touched.set(place.id, { place, was: selection.has(place.id) });
      if (selection.has(place.id) !== select) select ? selection.add(place.id, place) : selection.delete(place.id);
    }
    for (const [id, { place, was }] of touched)
      if (outside(place) && selection.has(id) !== was) was ? selection.add(id, place) : selection.delete(id);
    getSelection()?.removeAllRanges(); // no text selected on the way
    dressAll();
    showSelectionCount();
  };
  const scrolling = autoScroll(follow);
  const move = moveEvent => scrolling.move((pointerY = moveEvent.clientY));
  const end = () => {
    for (const [type, handler] of [['pointermove', move], ['pointerup', end], ['pointercancel', end]])
      document.removeEventListener(type, handler);
    scrolling.stop();
    if (!moved) return;
    follow();
    dom.scroller.classList.remove('sweeping');
    state.swallowClick = true; // the click that ends it is no tap on a row
    // The rows between the ends that were never drawn, as a run (never fetched).
    if (select && !state.query && state.version === version) state.selection.addRun(start, placeOf(last));
    dressAll();
    showSelectionCount();
  };
  document.addEventListener('pointermove', move);
  document.addEventListener('pointerup', end);
  document.addEventListener('pointercancel', end);
}
