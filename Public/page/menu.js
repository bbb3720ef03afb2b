// The row menu, as UITableView's (shouldShowMenuForRowAtIndexPath, canPerformAction: copy:): a long press on
// touch (500 ms), a right click, or the context-menu key / Shift+F10 on the focused row opens a menu anchored to
// the row with Copy (the row's text) and the row's own actions. Escape, a tap outside or a choice closes it.
import { runAction } from './gestures.js';
import { $, dom, state, t } from './state.js';

const pressDuration = 500; // ms a touch holds still to open the menu, as a long press
const slop = 10; // px a holding touch may move
let menu = null; // {element, row}
let press = null; // {timer, x, y}

/// The text the row shows, as Copy puts it on the pasteboard: its lines, without its hidden buttons.
const textOf = row => ($('.tx', row) ?? $('.rc', row) ?? row).innerText.trim();

/// Opens the menu on `row`, under the point (`x`, `y`: a right click) or under the row (a long press: `y` not
/// given; the keyboard: neither), above it when there is no room below.
export function openMenu(row, x, y) {
  closeMenu();
  const element = document.createElement('div');
  element.className = 'menu';
  element.setAttribute('role', 'menu');
  element.setAttribute('aria-label', textOf(row).split('\n')[0]);
  const items = [[t('Copy'), () => copy(textOf(row))]];
  if (!state.editing) {
    // The swipe's actions, destructive ones last as iOS's menus put them; the Delete only edit mode shows
    // (`.em`) is not one.
    const buttons = [...row.querySelectorAll('.acts.l button, .acts.t button:not(.em)')];
    const isDestructive = button => button.classList.contains('d');
    for (const button of [...buttons.filter(b => !isDestructive(b)), ...buttons.filter(isDestructive)]) {
      items.push([button.textContent, () => runAction(row, button), isDestructive(button)]);
    }
  }
  for (const [title, run, destructive] of items) {
    const item = document.createElement('button');
    item.setAttribute('role', 'menuitem');
    item.tabIndex = -1;
    item.textContent = title;
    if (destructive) item.className = 'danger';
    item.addEventListener('click', () => (closeMenu(), run()));
    element.append(item);
  }
  document.body.append(element);
  const box = row.getBoundingClientRect(), width = element.offsetWidth, height = element.offsetHeight;
  const left = Math.min(innerWidth - width - 8, Math.max(8, x ?? box.left + 16));
  const below = (y ?? box.bottom) + 4;
  element.style.left = left + 'px';
  element.style.top = (below + height > innerHeight - 8 ? Math.max(8, (y ?? box.top) - height - 4) : below) + 'px';
  menu = { element, row };
  row.classList.add('menued');
  element.firstChild.focus();
}

/// Closes the menu; `refocus`: the focus goes back to its row.
export function closeMenu(refocus) {
  if (!menu) return;
  const { element, row } = menu;
  menu = null;
  element.remove();
  row.classList.remove('menued');
  if (refocus && row.isConnected) row.focus();
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = Object.assign(document.createElement('textarea'), { value: text });
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

const rowAt = target => target?.closest?.('[role=row][data-row-id]');

document.addEventListener('contextmenu', event => {
  const row = rowAt(event.target);
  if (!row || event.target.closest('input, textarea')) return;
  event.preventDefault();
  if (menu?.row === row) return; // a long press already opened it
  const fromKeyboard = !event.clientX && !event.clientY;
  openMenu(row, fromKeyboard ? undefined : event.clientX, fromKeyboard ? undefined : event.clientY);
});

dom.scroller.addEventListener('keydown', event => {
  const row = rowAt(event.target);
  if (row !== event.target || !(event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10'))) return;
  event.preventDefault();
  event.stopPropagation();
  openMenu(row);
});

document.addEventListener('keydown', event => {
  if (!menu || !menu.element.contains(event.target)) return;
  const items = [...menu.element.children], at = items.indexOf(event.target);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
  if (to !== undefined) return event.preventDefault(), items[(to + items.length) % items.length].focus();
  if (event.key === 'Escape') return event.preventDefault(), closeMenu(true);
  if (event.key === 'Tab') closeMenu(true), event.preventDefault();
});

// A tap or click anywhere else closes it, and does nothing more.
document.addEventListener('pointerdown', event => {
  if (menu && !menu.element.contains(event.target)) {
    closeMenu();
    addEventListener('click', click => (click.preventDefault(), click.stopPropagation()), { capture: true, once: true });
  }
}, true);
addEventListener('resize', () => closeMenu());
dom.scroller.addEventListener('scroll', () => menu && closeMenu(), { passive: true });

// A long press: a touch that holds still on a row for pressDuration opens the menu; the tap it ends in does
// nothing more.
dom.scroller.addEventListener('pointerdown', event => {
  const row = rowAt(event.target);
  if (event.pointerType === 'mouse' || !row) return;
  clearTimeout(press?.timer);
  press = { x: event.clientX, y: event.clientY, timer: setTimeout(() => {
    press = null;
    if (state.swipe?.moving) return;
    openMenu(row, event.clientX); // under the row, as iOS shows it, clear of the finger and of the row
    addEventListener('click', click => (click.preventDefault(), click.stopPropagation()), { capture: true, once: true });
  }, pressDuration) };
});
const release = () => press && (clearTimeout(press.timer), (press = null));
dom.scroller.addEventListener('pointermove', event => {
  if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > slop) release();
});
for (const type of ['pointerup', 'pointercancel']) dom.scroller.addEventListener(type, release);
