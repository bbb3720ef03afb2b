// Requests the page makes itself and what it says: toasts and notes.
import { $, state } from './state.js';

/// JSON (or text); a failure throws with the problem's detail and the status.
export async function api(url, options) {
  const response = await fetch(url, options);
  const isJSON = (response.headers.get('content-type') || '').includes('json');
  const body = isJSON ? await response.json() : await response.text();
  if (response.ok) return body;
  throw Object.assign(new Error(body.detail || body.title || `HTTP ${response.status}`), { status: response.status });
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
