// The section index bar as UITableView draws it: every title while they fit its height; past that as many as
// fit, the first and the last among them, with a dot standing for each run of titles left out between two.
import { $, dom } from './state.js';

/// Shows the titles that fit, each run left out as one dot (a link to the first section of the run).
export function fitIndex() {
  const index = $('#index'), links = index ? [...index.querySelectorAll('a')] : [];
  // At the list's trailing edge, inside its scroll bar, centred on the list rather than the window.
  const box = dom.scroller.getBoundingClientRect();
  if (index) {
    index.style.right = `${innerWidth - box.left - dom.scroller.clientWidth + 2}px`;
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

/// Keeps the rows clear of the bar, as UIKit narrows the cells by the index's width: titles wider than a
/// letter ("Omicron") push the trailing edge of the content in by the bar's width.
function inset(index) {
  if (!index) return;
  const width = index.hidden ? 0 : Math.ceil(index.getBoundingClientRect().width) + 2;
  index.parentElement.style.setProperty('--index-inset', `${Math.max(22, width)}px`);
}

fitIndex();
addEventListener('resize', fitIndex);
// The bar is replaced when another table or new sections come (navigation.js, live.js).
new MutationObserver(fitIndex).observe(dom.scroller.parentElement, { childList: true });
