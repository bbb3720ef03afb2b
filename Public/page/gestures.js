// Pointer gestures on rows: the press highlight, swipe left to reveal Delete, and in edit mode the grip
// that reorders.
import { batch } from './editing.js';
import { $, dom, itemOf, state } from './state.js';
import { put } from './windows.js';

const revealed = 80; // the width a swipe reveals

export function pointerDown(event) {
  state.swallowClick = false;
  (state.pressed = event.target.closest('.row'))?.classList.add('down'); // highlighted while pressed
  const grip = event.target.closest('[data-action=move]'), row = event.target.closest('[data-can-edit]');
  if (grip && state.editing) return reorder(event, grip.closest('[role=row]'));
  if (row && !state.editing && !event.button && !event.target.closest('button'))
    state.swipe = { row, x: event.clientX, y: event.clientY, dx: 0, open: row.hasAttribute('data-open') };
}

export function pointerMove(event) {
  const swipe = state.swipe;
  if (!swipe) return;
  const dx = event.clientX - swipe.x;
  if (!swipe.moving) {
    if (Math.abs(event.clientY - swipe.y) > 12) return (state.swipe = null);
    if (Math.abs(dx) < 10) return;
    swipe.moving = true;
    swipe.row.setPointerCapture(event.pointerId);
    swipe.row.classList.add('sw');
  }
  swipe.dx = Math.min(0, Math.max(dx - (swipe.open ? revealed : 0), -revealed * 1.5));
  $('.rc', swipe.row).style.transform = `translateX(${swipe.dx}px)`;
}

export function pointerUp() {
  const swipe = state.swipe;
  state.pressed?.classList.remove('down');
  if (swipe?.moving) {
    state.swallowClick = true;
    swipe.row.classList.remove('sw');
    $('.rc', swipe.row).style.transform = '';
    $('[data-open]', dom.layer)?.removeAttribute('data-open');
    swipe.row.toggleAttribute('data-open', swipe.dx < -revealed / 2);
  }
  state.swipe = null;
}

/// Drags a row by its grip; dropped on another row, it moves to that row's place.
function reorder(event, row) {
  event.preventDefault();
  row.setPointerCapture(event.pointerId);
  row.classList.add('drag');
  const startY = event.clientY, dragged = itemOf(row);
  let target;
  const follow = moveEvent => {
    const at = dragged.at + moveEvent.clientY - startY, middle = at + dragged.size / 2;
    put(row, at - state.base);
    target = state.viewport.items.find(item => item.key[0] === 'r' && item.at <= middle && middle < item.at + item.size);
  };
  row.addEventListener('pointermove', follow);
  row.addEventListener('pointerup', () => {
    row.removeEventListener('pointermove', follow);
    row.classList.remove('drag');
    put(row, dragged.at - state.base);
    const to = target && target.key !== dragged.key && state.elements.get(target.key);
    if (to) batch({ moveRows: [{ id: +row.dataset.rowId, toSection: +to.dataset.section, toRow: +to.dataset.row }] });
  }, { once: true });
}
