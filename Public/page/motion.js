// Batch animations as UITableView's: FLIP (record where rows are, apply the window, play from there),
// interruptible by the next window; prefers-reduced-motion turns them off.
import { dom, state } from './state.js';
import { placed, put } from './placement.js';

export const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
const timing = { duration: 300, easing: 'ease-in-out' };
// UITableViewRowAnimation: where a row leaves to and arrives from (opacity .01: still shown, for tools).
const fade = { opacity: 0.01 };
const effects = {
  fade, automatic: fade,
  right: { translate: '100%' }, left: { translate: '-100%' },
  top: { translate: '0 -100%', ...fade }, bottom: { translate: '0 100%', ...fade },
  middle: { clipPath: 'inset(50% 0)', ...fade },
};

export const stopAnimations = element => element.getAnimations().forEach(animation => animation.cancel());

/// A leaving row the new window has again comes back: its element, or undefined.
export function revive(key) {
  const element = state.leaving.get(key);
  if (element) state.leaving.delete(key), stopAnimations(element);
  return element;
}

/// What a window changes, recorded before it is drawn (null with prefers-reduced-motion): `refill` notes a kept
/// row whose content changes (it arrives with the animation), `leave` keeps a row in view that leaves, animated,
/// in `state.leaving` (and says whether it did), and `play`, once the window is drawn, plays it all; `release`
/// takes a row that has left back to its pool.
export function record(elements, animation, release) {
  if (reducedMotion.matches) return null;
  const before = new Map([...elements, ...state.leaving].map(([key, element]) => [key, element.getBoundingClientRect()]));
  const fresh = new Set(), gone = [], screen = dom.scroller.getBoundingClientRect();
  return {
    refill: (element, node) => element.innerHTML !== node.innerHTML && fresh.add(element),
    leave(key, element) {
      const rect = animation !== 'none' && before.get(key);
      if (!rect || rect.bottom <= screen.top || rect.top >= screen.bottom) return false;
      gone.push([element, rect, key]);
      state.leaving.set(key, element);
      element.inert = true;
      return true;
    },
    play: () => play(before, animation, fresh, gone, release),
  };
}

/// Plays a window from the rows' screen rects `before`: kept rows slide from there, new ones past the last
/// kept one slide in with it; the others arrive, reloaded ones too (`fresh`), and `gone` ones leave, with
/// the animation `name`, and are given to `release` once they have.
export function play(before, name, fresh, gone, release) {
  const items = state.viewport.items, elements = items.map(item => state.elements.get(item.key));
  const lastKept = items.findLastIndex(item => before.has(item.key));
  const oldBottom = Math.max(...[...before.values()].map(rect => rect.bottom)), effect = effects[name];
  elements.forEach(stopAnimations);
  const tops = elements.map(element => element.getBoundingClientRect().top);
  let slide;
  items.forEach((item, index) => {
    const element = elements[index], rect = before.get(item.key);
    const dy = rect ? rect.top - tops[index] : lastKept >= 0 && index > lastKept ? (slide ??= oldBottom - tops[index]) : null;
    if (dy == null || fresh.has(element)) effect && element.animate([effect, {}], timing);
    else if (Math.abs(dy) >= 1) element.animate([{ translate: `0 ${dy}px` }, {}], timing);
  });
  for (const [element, rect, key] of gone) {
    stopAnimations(element);
    put(element, placed(element) + rect.top - element.getBoundingClientRect().top); // stays where it was
    element.animate([{}, effect], timing).onfinish = () => {
      if (state.leaving.get(key) === element) revive(key), release(element);
    };
  }
}
