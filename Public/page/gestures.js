// Pointer gestures on rows, as a UITableView's: the press highlight (on touch after a moment, and none once the
// touch scrolls or swipes), swipe left to reveal Delete (one row open at a time, a full swipe deletes), and in
// edit mode the grip that lifts a row while the others make room.
import { batch, deleteRows } from './editing.js';
import { $, dom, itemOf, state } from './state.js';
import { put } from './windows.js';

const revealed = 80; // the width an open row shows of its button
const pressDelay = 100; // ms before a touch highlights its row, so a scroll does not flash rows
let pressTimer;

/// Closes the row a swipe opened; returns whether one was open.
export function closeOpenRow() {
  const open = $('[data-open]', dom.layer);
  open?.removeAttribute('data-open');
  return !!open;
}

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

export function pointerDown(event) {
  state.swallowClick = false;
  const row = event.target.closest('.row'), open = $('[data-open]', dom.layer);
  // A touch anywhere while a row is open only closes it, as on iOS.
  if (open && !state.editing && open !== row) {
    event.preventDefault(); // nor does it select text
    open.removeAttribute('data-open');
    state.swallowClick = true;
    return;
  }
  if (event.pointerType === 'touch') pressTimer = setTimeout(() => press(row), pressDelay);
  else press(row);
  const grip = event.target.closest('[data-action=move]'), editable = event.target.closest('[data-can-edit]');
  if (grip && state.editing) return reorder(event, grip.closest('[role=row]'));
  if (editable && !state.editing && !event.button && !event.target.closest('button'))
    state.swipe = { row: editable, x: event.clientX, y: event.clientY, dx: 0, open: editable.hasAttribute('data-open') };
}

export function pointerMove(event) {
  const swipe = state.swipe;
  if (!swipe) return;
  const dx = event.clientX - swipe.x;
  if (!swipe.moving) {
    if (Math.abs(event.clientY - swipe.y) > 12) return (state.swipe = null), unpress();
    if (Math.abs(dx) < 10) return;
    swipe.moving = true;
    unpress();
    swipe.row.setPointerCapture(event.pointerId);
    swipe.row.classList.add('sw');
  }
  // Up to the row's width; the button widens with it, so no gap opens behind the content.
  const width = swipe.row.clientWidth;
  swipe.dx = Math.min(0, Math.max(dx - (swipe.open ? revealed : 0), -width));
  $('.rc', swipe.row).style.transform = `translateX(${swipe.dx}px)`;
  $('.swipe-del', swipe.row).style.width = Math.max(revealed, -swipe.dx) + 'px';
}

export function pointerUp() {
  const swipe = state.swipe;
  unpress();
  state.swipe = null;
  if (!swipe?.moving) return;
  state.swallowClick = true;
  const row = swipe.row, content = $('.rc', row), button = $('.swipe-del', row);
  row.classList.remove('sw');
  content.style.transform = button.style.width = '';
  closeOpenRow();
  if (-swipe.dx > row.clientWidth / 2) return deleteRows([row.dataset.rowId]); // a full swipe: the first action
  row.toggleAttribute('data-open', swipe.dx < -revealed / 2);
}

/// Drags a row by its grip: it lifts and follows the pointer while the rows it passes slide aside; dropped, it
/// moves to the place it took.
function reorder(event, row) {
  event.preventDefault();
  row.setPointerCapture(event.pointerId);
  row.classList.add('drag');
  const startY = event.clientY, dragged = itemOf(row);
  const others = state.viewport.items.filter(item => item.key[0] === 'r' && item.key !== dragged.key);
  let target;
  const follow = moveEvent => {
    const at = dragged.at + moveEvent.clientY - startY, middle = at + dragged.size / 2;
    put(row, at - state.base);
    target = null;
    for (const item of others) {
      const element = state.elements.get(item.key);
      const below = item.at > dragged.at, passed = below ? item.at <= middle : item.at + item.size > middle;
      element.classList.add('making-room');
      element.style.translate = passed ? `0 ${below ? -dragged.size : dragged.size}px` : '';
      if (passed && (!target || (below ? item.at > target.at : item.at < target.at))) target = item;
    }
  };
  row.addEventListener('pointermove', follow);
  row.addEventListener('pointerup', () => {
    row.removeEventListener('pointermove', follow);
    row.classList.remove('drag');
    const to = target && state.elements.get(target.key);
    // Dropped on a place: everything stays where the drag left it, and the next window animates from there.
    if (to) return batch({ moveRows: [{ id: +row.dataset.rowId, toSection: +to.dataset.section, toRow: +to.dataset.row }] });
    for (const item of others) state.elements.get(item.key).style.translate = '';
    put(row, dragged.at - state.base);
  }, { once: true });
}
