// Keys, as a WAI-ARIA treegrid and an iOS keyboard: Up/Down move the focus (a roving tabindex), Left/Right
// collapse, expand and go to the parent header (an outline's parent node), * expands an outline node's
// siblings, Enter activates, Delete deletes the selection after confirmation or, with none, reveals the
// focused row's Delete as its red minus does, Ctrl/Cmd+A and Shift+Up/Down select where several rows can be
// (Space too, there), Escape steps back. Home, End, PageUp, PageDown and Space (Shift+Space up) scroll as on
// any page, also before anything has the focus; the focus follows when they stop.
import { activate } from './actions.js';
import { askToDelete, deleteSelected, setEditing } from './editing.js';
import { openRow } from './gestures.js';
import { toggleSection } from './navigation.js';
import { closeOpenRow } from './opened.js';
import { expandSiblings, setExpanded, toParent } from './outline.js';
import { extendSelection, selectEveryRow } from './selection.js';
import { $, dom, keyOf, state } from './state.js';
import { undoKey } from './undo.js';
import { draw, dressAll, followScroller, need, setTop } from './windows.js';

// A slider's row has no text of its own (the Settings app draws no title): its slider's name names it.
const named = element => element.getAttribute('role') === 'row'
  && (element.textContent.trim() || element.ariaLabel || element.querySelector('input[aria-label]'));
/// The drawn rows and headers a key can focus, in table order (a header with no title is no stop).
const stops = () => state.viewport.items.filter(item => named(state.elements.get(item.key)));
const selectsMany = () => state.editing && state.window.editStyle === 'select';

/// Focuses an item, scrolled into view below the header its section pins (plain style), pinned or about to be.
function focusItem(item) {
  const viewport = state.viewport, element = state.elements.get(item.key);
  const header = !item.header && state.window.style === 'plain'
    && viewport.items.find(other => other.header && other.section === item.section);
  const pinnedHeight = header ? header.size : 0;
  state.focusKey = item.key;
  dressAll();
  element.focus({ preventScroll: true });
  if (item.at < viewport.top + pinnedHeight) setTop(item.at - pinnedHeight);
  else if (item.at + item.size > viewport.top + viewport.height) setTop(item.at + item.size - viewport.height);
}

/// Moves the focus to the next (`step` 1) or previous (-1) stop, from `from` or from the top of the view.
export function moveFocus(from, step) {
  const list = stops(), viewport = state.viewport;
  const index = from ? list.findIndex(item => item.key === keyOf(from)) + step : list.findIndex(item => item.at + item.size > viewport.top);
  if (list[index]) focusItem(list[index]);
  return list[index];
}

/// After Home, End or a page key scrolled the list (or did not, at its end already), the focus goes to a stop in
/// view: the first after Home, the last after End, as a grid's Home and End move it; after a page key, only a focused
/// row left behind gives it up, to the first in view after PageDown, the last after PageUp.
export function focusFollowsScroll(key, tries = 20) {
  const viewport = state.viewport;
  if (!state.focusKey || !dom.scroller.contains(document.activeElement)) return; // the row may have been released
  // The window for where the scrolling stopped may still be on its way.
  if (state.request && tries) return setTimeout(() => focusFollowsScroll(key, tries - 1), 50);
  followScroller();
  // In view: whole, and clear of the header pinned over the top (else a row partly in view, or under the header).
  const pinned = state.window.style === 'plain' && dom.layer.querySelector('.pinned:not([data-role=placeholder])');
  const top = viewport.top + (pinned ? pinned.getBoundingClientRect().height : 0), bottom = viewport.top + viewport.height;
  const whole = stops().filter(item => item.at >= top - 1 && item.at + item.size <= bottom + 1);
  const inView = whole.length ? whole : stops().filter(item => item.at + item.size > top + 1 && item.at < bottom - 1);
  const next = key === 'Home' || key === 'PageDown' || key === ' ' ? inView[0] : inView[inView.length - 1];
  if (next && (key === 'Home' || key === 'End' || !inView.some(item => item.key === state.focusKey))) focusItem(next);
}

/// Left and Right on a header or a row (treegrid): collapse, expand, to the first row, to the parent header; on an
/// outline's node: collapse, expand, to its first child, to its parent.
function sideways(row, right) {
  const expandable = row.hasAttribute('aria-expanded'), open = row.getAttribute('aria-expanded') === 'true';
  if (row.dataset.node != null) {
    if (expandable && open !== right) return setExpanded([row], right);
    if (right) return open && moveFocus(row, 1);
    return toParent(row, focusItem);
  }
  if (row.dataset.cell === 'header') {
    if (expandable && open !== right) return toggleSection(row);
    if (right && (open || !expandable)) return moveFocus(row, 1);
    return;
  }
  if (right) return;
  const header = stops().findLast(item => item.header && item.section === +row.dataset.section);
  if (header) focusItem(header);
}

/// Escape steps back: an open swipe, edit mode, a child table, a search (the first that applies).
export function escape() {
  const inButtons = document.activeElement?.closest?.('.acts')?.closest('[role=row]');
  if (closeOpenRow()) return inButtons?.focus(), true;
  if (state.editing) return setEditing(false), true;
  if (state.child && history.state?.up) return history.back(), true;
  if (state.query) {
    dom.search.value = '';
    dom.search.dispatchEvent(new Event('input'));
    return true;
  }
  return false;
}

/// Delete on a focused row: its Delete button revealed and focused, as the red minus reveals it (Enter deletes,
/// Escape closes); a row whose swipe has no Delete asks in a dialog instead.
function revealDelete(row) {
  openRow(row, 't');
  const button = $('.acts.t [data-action=delete]', row);
  if (button?.offsetWidth) return button.focus();
  closeOpenRow();
  askToDelete(row);
}

const pageKeys = ['Home', 'End', 'PageUp', 'PageDown', ' '];
let scrollInput = null; // followScrolling's handler of a key that scrolls

/// A key anywhere in the page (dialogs close themselves on Escape).
export function onKey(event) {
  // Nothing focused yet: the page keys scroll the list, as they scroll a plain page (the browser scrolls
  // what has the focus once the handlers ran).
  if (event.target === document.body && pageKeys.includes(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
    dom.scroller.focus({ preventScroll: true });
    return scrollInput?.(event);
  }
  const key = event.key, inGrid = dom.scroller.contains(event.target), row = inGrid && event.target.closest('[role=row]');
  const command = event.ctrlKey || event.metaKey;
  if (undoKey(event)) return;
  if (key === 'Escape') {
    if (document.querySelector('dialog[open]') || !escape()) return;
  } else if (command && (key === 'a' || key === 'A') && selectsMany() && !event.target.closest?.('input, textarea, [contenteditable]')) {
    selectEveryRow(); // in Manage mode, from anywhere but a text field
  } else if (!inGrid || event.altKey) return;
  else if (key === 'ArrowDown' || key === 'ArrowUp') {
    const next = moveFocus(row, key === 'ArrowDown' ? 1 : -1);
    // Shift+arrows extend a run from the row they start on, as Shift-click does from the row picked last.
    if (event.shiftKey && selectsMany() && next && !next.header) extendSelection(row, state.elements.get(next.key));
  } else if ((key === 'ArrowLeft' || key === 'ArrowRight') && row && event.target === row) sideways(row, key === 'ArrowRight');
  // * expands the focused node's siblings (treegrid).
  else if (key === '*' && row?.dataset.node != null && event.target === row) {
    expandSiblings(row);
  }
  // Space on a switch's row flips it, as on a focused UISwitch (elsewhere it scrolls, as on any page).
  else if (row && event.target === row
    && (key === 'Enter' || (key === ' ' && (selectsMany() || (!state.editing && $('[role=switch]', row)))))) {
    if (row.dataset.cell !== 'header') activate(row);
    else if (row.hasAttribute('aria-expanded')) toggleSection(row);
  } else if ((key === 'Home' || key === 'End') && row && event.target === row && !event.shiftKey
    && (key === 'Home' ? state.viewport.top < 1 : state.viewport.top > state.viewport.maxTop - 1)) {
    focusFollowsScroll(key); // a list at that end already does not scroll: the focus goes at once
  } else if ((key === 'Delete' || key === 'Backspace') && state.selection.size && state.window.editable === 'true') {
    deleteSelected();
  } else if ((key === 'Delete' || key === 'Backspace') && row?.dataset.canEdit && event.target === row) {
    revealDelete(row);
  } else return;
  event.preventDefault();
}

/// Wheel, keys and touch move the content by their delta (Viewport.scrolled). End and Home fetch the window
/// where they are headed first (placeholders show on the way) and aim at the ends the browser saw when the key
/// went down; rows measured on the way can move them, so when scrolling stops the page finishes the way there.
/// The focus follows Home, End and the page keys.
export function followScrolling() {
  const scroller = dom.scroller, viewport = state.viewport;
  let key = null, giveUp;
  const arrived = () => {
    clearTimeout(giveUp);
    state.destination = null;
  };
  const input = event => {
    // A key that does not scroll (Shift before a Shift-click) would leave the next scroll bar drag taken for a
    // relative move, which past the cap moves the content only by the scroller's pixels.
    if (event.type !== 'keydown' || pageKeys.includes(event.key)) state.relativeScroll = true;
    key = event.key ?? null;
    viewport.keepTop = key === 'Home';
    viewport.keepEnd = key === 'End';
    const destination = key === 'End' ? viewport.maxTop : key === 'Home' ? 0 : null;
    arrived();
    if (destination == null || Math.abs(destination - viewport.top) < 1 || event.defaultPrevented) return;
    state.destination = destination;
    giveUp = setTimeout(() => (arrived(), need()), 2000); // in case the browser did not scroll after all
    need();
  };
  for (const type of ['wheel', 'touchstart', 'keydown']) scroller.addEventListener(type, input, { passive: true });
  // A press on the scroll bar starts a drag, which maps linearly past the cap (a touch's pointerdown comes before
  // its touchstart).
  let held = false; // a pointer is down on the scroller: its scroll bar dragged, when the scroll is not relative
  scroller.addEventListener('pointerdown', () => {
    state.relativeScroll = false;
    viewport.keepTop = viewport.keepEnd = false;
    held = true;
  }, { passive: true });
  addEventListener('pointerup', () => (held = false), { passive: true, capture: true });
  // The scroll bar dragged to the end of its track is End: the rows measured on the way, taller than estimated,
  // lengthen the list under it, and its end stays at the bottom (the bar at its end) as they do. A scroll to the
  // end made otherwise keeps the rows shown where they are as the last ones arrive, as UIKit's offset does.
  scroller.addEventListener('scroll', () => {
    const atEnd = scroller.scrollTop >= scroller.scrollHeight - scroller.clientHeight - 1;
    if (held && key == null && !state.relativeScroll && atEnd) viewport.keepEnd = true;
  }, { passive: true });
  scrollInput = input;
  scroller.addEventListener('scrollend', () => {
    arrived();
    if ((key === 'End' || viewport.keepEnd) && viewport.top < viewport.maxTop - 1) setTop(viewport.maxTop);
    else if (key === 'Home' && viewport.top > 0) setTop(0);
    else if (viewport.ratio !== 1) draw(true); // past the cap, the scroll bar back under the content
    need();
    if (pageKeys.includes(key)) focusFollowsScroll(key);
    state.relativeScroll = false;
    key = null;
  });
}
