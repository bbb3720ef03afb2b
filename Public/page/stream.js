// One event stream per browser: the tabs of an origin elect a leader (Web Locks) that holds one stream for every
// dataset any of them shows (GET /api/events?datasets=friends:12,heroes:40) and shares its events with the
// others (BroadcastChannel). When the leader's tab goes, the next tab in the lock's queue takes over at once and
// resumes each dataset from the last event the tabs have, so none is lost; each tab drops an event it already
// had, so none is repeated. A browser without Web Locks keeps one stream per page (/api/datasets/{id}/events).

/// One page's share of the browser's stream.
/// - Parameter browser: what the page takes from the browser (`navigator.locks`, `BroadcastChannel`,
///   `EventSource`, `document`, `addEventListener`): the window, or a fake one in tests.
/// - Returns: `{follow, received}`, this page's.
export function pageStream(browser) {
  const shared = Boolean(browser.navigator?.locks) && 'BroadcastChannel' in browser;
  const tab = Math.random().toString(36).slice(2) + Date.now().toString(36);

  /// The change events handed to this page, as `dataset:version`, the last 10,000 (for tests and the curious).
  const received = [];
  const note = id => received.push(id) > 10000 && received.shift();

  let page = null; // this page's subscription: {dataset, last, on}
  let channel = null; // the tabs' BroadcastChannel
  const tabs = new Map(); // every tab's subscription this tab has heard of: tab → {dataset, last}
  const seen = new Map(); // the last event version shared, by dataset
  let leader = null; // while this tab leads: {source, resume: Map(dataset → version), open: Set(datasets)}

  /// Follows a dataset's events from `version` (the version drawn): `on.ready`, `on.change` and `on.reload` get
  /// `{data}` as from an EventSource, `on.error` is told the stream was lost (whichever tab held it).
  /// - Returns: `{close()}`, which stops following.
  function follow(dataset, version, on) {
    if (!shared) return ownStream(dataset, version, on);
    join();
    page = { dataset, last: version, on };
    want();
    return { close: () => page?.on === on && leave() };
  }

  /// Today's stream, one per page.
  function ownStream(dataset, version, on) {
    const source = new browser.EventSource(`/api/datasets/${dataset}/events?lastEventId=${version}`);
    browser.document.documentElement.dataset.stream = 'page';
    source.addEventListener('error', () => on.error?.());
    for (const type of ['ready', 'change', 'reload'])
      source.addEventListener(type, event => {
        if (type === 'change') note(`${dataset}:${event.lastEventId}`);
        on[type]?.(event);
      });
    return source;
  }

  /// Joins the tabs' channel and queues for the lock that makes a tab the leader; it is held until the page goes.
  function join() {
    if (channel) return;
    channel = new browser.BroadcastChannel('listserver-events');
    channel.onmessage = ({ data }) => hear(data);
    browser.document.documentElement.dataset.stream = 'follower';
    browser.navigator.locks.request('listserver-events-leader', () => new Promise(() => lead()));
    browser.addEventListener('pagehide', leave);
  }

  function say(message) {
    channel.postMessage(message);
  }

  /// Tells the leader what this page follows and from which version.
  function want() {
    const message = { type: 'want', tab, dataset: page.dataset, last: page.last };
    say(message);
    hear(message);
  }

  function leave() {
    if (!page) return;
    page = null;
    const message = { type: 'leave', tab };
    say(message);
    hear(message);
  }

  /// A message from another tab (or this tab's own, heard as the others hear it).
  function hear(message) {
    switch (message.type) {
      case 'want':
        tabs.set(message.tab, { dataset: message.dataset, last: message.last });
        if (leader) need(message.dataset, message.last);
        break;
      case 'leave':
        tabs.delete(message.tab);
        break;
      case 'who':
        if (page) want();
        break;
      case 'event':
        deliver(message);
        break;
      case 'lost':
        page?.on.error?.();
        break;
    }
  }

  /// This tab leads from now on: it opens the stream for every dataset the tabs follow, each from the last event
  /// shared (or the lowest version a tab has, when none was), and asks every tab what it follows, in case this
  /// tab has not heard of some.
  function lead() {
    leader = { source: null, resume: new Map(), open: new Set() };
    Object.assign(browser.document.documentElement.dataset, { stream: 'leader', leadingSince: Date.now() });
    for (const { dataset, last } of tabs.values()) {
      const from = seen.get(dataset) ?? last;
      leader.resume.set(dataset, Math.min(from, leader.resume.get(dataset) ?? from));
    }
    connect();
    say({ type: 'who' });
  }

  /// A tab follows `dataset` from `last`: the stream is opened again when it does not follow the dataset or is
  /// further on than that tab.
  function need(dataset, last) {
    const resume = leader.resume.get(dataset);
    if (leader.open.has(dataset) && resume !== undefined && resume <= last) return;
    leader.resume.set(dataset, Math.min(last, resume ?? last));
    connect();
  }

  /// (Re)opens the one stream, for the datasets some tab follows.
  function connect() {
    leader.source?.close();
    const followed = new Set([...tabs.values()].map(entry => entry.dataset));
    for (const dataset of leader.resume.keys()) if (!followed.has(dataset)) leader.resume.delete(dataset);
    leader.open = followed;
    if (!followed.size) return (leader.source = null);
    const names = [...followed].map(dataset => {
      const resume = leader.resume.get(dataset);
      return resume === undefined ? dataset : `${dataset}:${resume}`;
    });
    const source = (leader.source = new browser.EventSource(`/api/events?datasets=${names.join(',')}`));
    source.addEventListener('error', () => {
      if (leader.source !== source) return;
      source.close();
      leader.open = new Set(); // the next want opens it again
      say({ type: 'lost' });
      page?.on.error?.();
    });
    for (const kind of ['ready', 'change', 'reload'])
      source.addEventListener(kind, event => {
        if (leader.source !== source) return;
        const id = event.lastEventId, colon = id.lastIndexOf(':');
        const dataset = colon < 0 ? id : id.slice(0, colon);
        const version = colon < 0 ? null : Number(id.slice(colon + 1));
        if (version === null) leader.resume.delete(dataset);
        else leader.resume.set(dataset, version);
        const message = { type: 'event', kind, dataset, version, data: event.data };
        say(message);
        deliver(message);
      });
  }

  /// Hands an event to this page when it is of its dataset and newer than what it had.
  function deliver({ kind, dataset, version, data }) {
    if (version !== null && kind !== 'ready') seen.set(dataset, Math.max(version, seen.get(dataset) ?? version));
    if (!page || page.dataset !== dataset) return;
    if (kind === 'change') {
      if (version <= page.last) return;
      note(`${dataset}:${version}`);
    }
    if (kind !== 'ready' && version !== null) page.last = Math.max(page.last, version);
    page.on[kind]?.({ data, lastEventId: String(version ?? '') });
  }

  return { follow, received };
}

export const { follow, received } = pageStream(globalThis);
