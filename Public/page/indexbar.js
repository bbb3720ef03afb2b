// The section index bar as UITableView draws it: every title while they fit its height; past that as many as
// fit, the first and the last among them, with a dot standing for each run of titles left out between two.
import { $, dom } from './state.js';

/// Shows the titles that fit, each run left out as one dot (a link to the first section of the run).
export function fitIndex() {
  const index = $('#index'), links = index ? [...index.querySelectorAll('a')] : [];
  // At the list's trailing edge (its left, right to left), inside its scroll bar, centred on the list rather than
  // the window.
  const box = dom.scroller.getBoundingClientRect(), bar = box.width - dom.scroller.clientWidth;
  if (index) {
    const rtl = getComputedStyle(index).direction === 'rtl';
    index.style.insetInlineEnd = `${rtl ? box.left + bar + 2 : innerWidth - box.left - dom.scroller.clientWidth + 2}px`;
    index.style.top = `${box.top + dom.scroller.clientHeight / 2}px`;
  }
  for (const link of links) link.classList.remove('skip', 'elided');
  inset(index);
  const height = links[0]?.offsetHeight;
  if (!height) return;
  const room = Math.floor((dom.scroller.clientHeight - 16) / height);
  if (links.length <= room) return;
  // Titles and dots alternate: k titles take 2k - 1 slots.
  const shown = Math.max(2, Math.floor((room + 1) / 2));
  const kept = new Set(Array.from({ length: shown }, (_, i) => Math.round(i * (links.length - 1) / (shown - 1))));
  let previousKept = 0;
  links.forEach((link, at) => {
    if (kept.has(at)) return void (previousKept = at);
    link.classList.add(at === previousKept + 1 ? 'elided' : 'skip');
  });
  inset(index);
}

/// Keeps the rows' content clear of the bar, as UIKit insets a cell's content by the index's width (the cells
/// themselves run behind it): titles wider than a letter ("Omicron") push the content's trailing edge in by the
/// bar's width (`--index-inset`). Inset grouped cards end before the bar: `--index-room` is what it takes of their
/// trailing margin, none where the readable width leaves the bar beside them.
function inset(index) {
  if (!index) return;
  const width = Math.max(22, index.hidden ? 0 : Math.ceil(index.getBoundingClientRect().width) + 2);
  const readable = parseFloat(getComputedStyle(dom.spacer).maxWidth) || Infinity, scroller = dom.scroller.clientWidth;
  const beside = (scroller - Math.min(readable, scroller)) / 2; // between the cards' column and the list's edge
  index.parentElement.style.setProperty('--index-inset', `${width}px`);
  index.parentElement.style.setProperty('--index-room', `${index.hidden ? 0 : Math.max(0, width - beside)}px`);
}

fitIndex();
addEventListener('resize', fitIndex);
// The bar is replaced when another table or new sections come (navigation.js, live.js).
new MutationObserver(fitIndex).observe(dom.scroller.parentElement, { childList: true });
