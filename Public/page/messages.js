// Requests the page makes itself and what it says: toasts and notes.
import { $, state, t } from './state.js';

/// JSON (or text); a failure throws with the problem's detail, the status and, for a 409, the conflicts.
export async function api(url, options) {
  const response = await fetch(url, options);
  const isJSON = (response.headers.get('content-type') || '').includes('json');
  const body = isJSON ? await response.json() : await response.text();
  if (response.ok) return body;
  throw Object.assign(new Error(body.detail || body.title || `HTTP ${response.status}`),
    { status: response.status, conflicts: body.conflicts });
}

/// A row's title as its cell draws it.
export const nameOf = element => ($('.nm, .tt, .t1', element) || element).textContent.trim();
/// The titles of the drawn rows among `ids`, by id.
export const namesOf = ids =>
  new Map(ids.flatMap(id => (state.elements.has('r' + id) ? [[String(id), nameOf(state.elements.get('r' + id))]] : [])));

const fadeTimers = new WeakMap();
/// `text` in a toast that fades after `duration` ms.
export function say(element, text, duration) {
  element.textContent = text;
  element.hidden = false;
  element.classList.remove('fade');
  void element.offsetWidth; // restarts the fade animation
  element.classList.add('fade');
  clearTimeout(fadeTimers.get(element));
  fadeTimers.set(element, setTimeout(() => (element.hidden = true), duration));
}
export const note = text => say($('#note'), text, 4000);

/// The page's messages go into a modal dialog while it is open, and back after: the page under the dialog's
/// backdrop is dimmed and inert, so a note said there would be neither seen nor read out.
document.addEventListener('toggle', ({ target: dialog, newState }) => {
  const messages = $('#messages');
  if (!messages || !(dialog instanceof HTMLDialogElement)) return;
  if (newState === 'open' && dialog.matches(':modal')) dialog.append(messages);
  else if (newState === 'closed' && messages.parentElement === dialog) document.body.append(messages);
}, true);

/// Says in `place`, beside a field being typed in, that someone else changed its value meanwhile: "Changed
/// elsewhere: “theirs”" and Use Theirs (`data-action=theirs`; out of the Tab order unless `tabbable`, as where
/// leaving the field saves the draft); `theirs` null takes it away.
export function sayTheirs(place, theirs, tabbable = false) {
  let word = $('.theirs', place);
  if (theirs == null) return word?.remove();
  if (!word) {
    word = Object.assign(document.createElement('span'), { className: 'theirs' });
    word.setAttribute('role', 'status');
    const take = Object.assign(document.createElement('button'), { type: 'button', tabIndex: tabbable ? 0 : -1, textContent: t('Use Theirs') });
    take.dataset.action = 'theirs';
    word.append(document.createElement('span'), take);
    place.append(word);
  }
  word.firstChild.textContent = t('Changed elsewhere: “%s”', theirs);
}
