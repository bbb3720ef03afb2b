// Pull to refresh, as a UIRefreshControl: on touch, a pull down from the top of the list shows a spinner that
// turns as the pull grows; let go past the threshold and the list's window is fetched again while it spins.
import { dom, state, t } from './state.js';
import { refresh } from './windows.js';

const threshold = 64; // px of pull (half the finger's travel, as a rubber band) that refreshes
const shortest = 500; // ms the spinner turns at the least, so a fast answer still shows it
let pull = null; // {y, distance}

const spinner = Object.assign(document.createElement('div'), { className: 'pull', hidden: true });
spinner.setAttribute('role', 'status');
spinner.innerHTML = `<span class="vh">${t('Refreshing…')}</span>`;
dom.scroller.before(spinner);

/// The list follows the pull down (the rubber band), the spinner in the room it leaves above the rows.
const show = distance => {
  spinner.hidden = distance <= 0;
  spinner.style.setProperty('--pull', Math.min(1, distance / threshold));
  spinner.classList.toggle('armed', distance >= threshold);
  dom.layer.parentElement.style.translate = distance > 0 ? `0 ${Math.min(distance, threshold)}px` : '';
};

dom.scroller.addEventListener('touchstart', event => {
  pull = dom.scroller.scrollTop <= 0 && !state.editing && !spinner.classList.contains('spinning')
    ? { y: event.touches[0].clientY, distance: 0 } : null;
}, { passive: true });

dom.scroller.addEventListener('touchmove', event => {
  if (!pull) return;
  pull.distance = dom.scroller.scrollTop > 0 ? 0 : Math.max(0, (event.touches[0].clientY - pull.y) / 2);
  show(pull.distance);
}, { passive: true });

dom.scroller.addEventListener('touchend', () => {
  const armed = pull?.distance >= threshold;
  pull = null;
  if (!armed) return show(0);
  show(threshold); // held open while it spins, as a UIRefreshControl holds the table down
  spinner.classList.add('spinning');
  const started = performance.now();
  refresh();
  // Done when the window asked for has landed (or failed), and the spinner has turned a moment.
  const settle = () => {
    if (state.request || performance.now() - started < shortest) return requestAnimationFrame(settle);
    spinner.classList.remove('spinning');
    show(0);
  };
  requestAnimationFrame(settle);
});
dom.scroller.addEventListener('touchcancel', () => {
  pull = null;
  show(0);
});
