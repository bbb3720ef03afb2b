// Placeholder rows: where the viewport ± its overscan has no drawn item, skeleton rows of the nearest row's
// cell kind, at its estimated height, stand in until the rows arrive; the background never shows. One element
// per missing range (page/interaction.css draws the rows as a repeating background), hidden from assistive
// technology and first in the layer, so that every drawn item paints over it.
import { dom, state } from './state.js';
import { put } from './placement.js';

const elements = []; // one per missing range, reused

function placeholder() {
  const element = document.createElement('div');
  element.dataset.role = 'placeholder';
  element.ariaHidden = 'true';
  dom.layer.prepend(element);
  return element;
}

/// The rows a placeholder stands for: those of the nearest drawn row's kind and estimated height, lined up with
/// the drawn item they will stack against (below the range when rows arrive above the drawn ones, else above).
function rowsFor(from, to) {
  const flow = state.viewport.flow, below = flow.find(item => item.at >= to - 0.5);
  const rows = flow.filter(item => item.key[0] === 'r');
  const model = below ? rows.find(item => item.at >= to - 0.5) ?? rows[rows.length - 1] : rows.findLast(item => item.at < from) ?? rows[0];
  // A tall row stands as a few skeleton rows of at most three lines that end where it ends.
  const estimated = Math.max(20, model?.h || 44), height = estimated / Math.ceil(estimated / 132);
  return { kind: model && state.elements.get(model.key)?.dataset.cell, height, phase: below ? (to - from) % height : 0 };
}

let moved = { top: 0, step: 0, at: 0 }; // the view's last move: where to, by how much, when

/// Covers the missing ranges of the viewport ± three quarters of its height, and ahead of a scroll by three of its
/// last steps (a fast one shows the next frame before its scroll event arrives), or on to where End or Home is
/// headed; the rest stay hidden.
export function fill() {
  const viewport = state.viewport, now = performance.now();
  if (Math.abs(viewport.top - moved.top) >= 1) moved = { top: viewport.top, step: viewport.top - moved.top, at: now };
  const missing = viewport.toCover(now - moved.at < 100 ? 3 * moved.step : 0, state.destination).list;
  missing.forEach(([from, to], index) => {
    const element = (elements[index] ??= placeholder()), { kind, height, phase } = rowsFor(from, to);
    element.className = kind ? `c-${kind}` : '';
    element.style.height = to - from + 'px';
    element.style.setProperty('--row', height + 'px');
    element.style.setProperty('--phase', phase + 'px');
    element.hidden = false;
    put(element, from - state.base);
  });
  for (const element of elements.slice(missing.length)) element.hidden = true;
}

let header = null; // the skeleton header, made once

/// Plain style pins the header of the section under the top. Where the top is skeleton rows and no drawn header
/// pins there (a jump into a section whose window is on its way), a skeleton header of a drawn header's kind and
/// height stands pinned over them, pushed up by a drawn header below as headers push each other; the section's
/// own header, carried by its window, takes its place. A list without headers pins none.
export function pinHeader() {
  const viewport = state.viewport, top = viewport.top;
  const headers = viewport.items.flatMap((item, index) => (item.header ? [{ item, at: viewport.pinnedAt(index) }] : []));
  const model = headers[0] && state.elements.get(headers[0].item.key);
  const pinned = headers.some(({ item, at }) => at <= top + 0.5 && at + item.size > top + 0.5);
  const show = model && !pinned && !viewport.missing(top, top + 1).isEmpty;
  if (header) header.hidden = !show;
  if (!show) return;
  const size = headers[0].item.size, below = headers.find(({ item }) => item.at > top);
  if (!header) {
    header = document.createElement('div');
    header.dataset.role = 'placeholder';
    header.ariaHidden = 'true';
    header.innerHTML = '<div class="hc"><i></i></div>';
    dom.layer.append(header);
  }
  header.className = [...model.classList].filter(name => name !== 'pinned').join(' ') + ' pinned sk-hdr';
  header.style.height = size + 'px';
  put(header, Math.min(top, below ? below.item.at - size : top) - state.base);
}

// End and Home: the way to where they are headed is covered at the key, before the smooth scroll's first step,
// which can move the screen past the overscan before its scroll event (keys.js, on the scroller, sets
// `state.destination` as the key goes down; the document hears the key after it).
document.addEventListener('keydown', () => state.destination != null && fill());
