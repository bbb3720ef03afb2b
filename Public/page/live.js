// The dataset's capabilities and its event stream: every open page follows changes made elsewhere.
import { api } from './messages.js';
import { $, apiPath, dom, fail, state } from './state.js';
import { showSelectionCount } from './selection.js';
import { refresh } from './windows.js';
import { number } from './reading.js'; // on import, what assistive technology reads follows the windows

/// What the page adds for a kind, by the names of the interaction module's functions.
export const kindExtras = {
  heroes: { add: 'addHero', tap: 'editHero' },
};
export const extrasOf = () => kindExtras[state.meta.kind] || {};

/// Loads the dataset's capabilities (GET /api/datasets/{id}).
export async function loadDataset() {
  try {
    state.meta = await api(apiPath);
  } catch (error) {
    return fail(error, loadDataset);
  }
  dom.error.hidden = true;
  $('[data-action=add]').hidden = !extrasOf().add;
  number(); // the rows' places, now that the sections' counts are known
}

/// The section index again, once sections were inserted or deleted.
function reloadIndex() {
  return fetch(location.href).then(response => response.text()).then(html => {
    dom.template.innerHTML = html;
    $('#index').replaceWith($('#index', dom.template.content));
  });
}

/// Follows the dataset's event stream from the version drawn.
export function followEvents() {
  const events = new EventSource(`${apiPath}/events?lastEventId=${state.version}`);
  const data = event => {
    try { return JSON.parse(event.data); } catch { return {}; }
  };
  addEventListener('pagehide', () => events.close(), { once: true });
  events.addEventListener('ready', event => data(event).version > state.version && refresh());
  events.addEventListener('reload', () => loadDataset().then(refresh).then(reloadIndex));
  events.addEventListener('change', event => {
    const change = data(event);
    const deleted = change.deleteRows || change.deletes || [];
    if (Array.isArray(deleted)) deleted.forEach(row => state.selection.delete(String(row?.id ?? row)));
    showSelectionCount();
    if (change.version > state.version) (state.motion = change.animation), refresh();
    if (change.sectionInserts?.length || change.sectionDeletes?.length) reloadIndex();
  });
}
