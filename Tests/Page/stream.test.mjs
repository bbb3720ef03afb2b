// One event stream per browser (Public/page/stream.js) with tabs made in node: each tab is one `pageStream` over
// a fake window whose Web Locks and EventSource are fakes shared by the tabs, and whose BroadcastChannel is
// node's own. The fake server follows GET /api/events?datasets=… as the real one does: `ready`, then the
// changes after each dataset's resume id, then each new change. `cd /work/main && node --test Tests/Page/`.
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pageStream } from '../../Public/page/stream.js';
import { seeded } from './seeded.mjs';

/// Event-loop turns enough for every message, lock grant and streamed event under way to arrive (a message
/// between BroadcastChannels takes two).
async function settle(turns = 12) {
  for (let i = 0; i < turns; i++) await new Promise(resolve => setImmediate(resolve));
}

/// The server's multiplexed event stream over datasets' versions; `change` makes a dataset's next version.
class Server {
  constructor(versions) {
    this.versions = new Map(Object.entries(versions));
    this.sources = [];
  }

  /// A stream opened by a tab: it connects on a later turn and is sent where each dataset resumes.
  open(source) {
    const query = new URL(source.url, 'http://localhost').searchParams.get('datasets');
    assert.ok(source.url.startsWith('/api/events?'), `a tab opened ${source.url}`);
    source.resume = new Map(query.split(',').map(name => {
      const [dataset, version] = name.split(':');
      return [dataset, version === undefined ? undefined : Number(version)];
    }));
    this.sources.push(source);
    setImmediate(() => {
      if (source.closed) return;
      source.connected = true;
      for (const [dataset, seen] of source.resume) {
        const current = this.versions.get(dataset);
        const from = seen !== undefined && seen < current ? seen : current;
        source.send('ready', `${dataset}:${from}`, { dataset, version: current, from });
        for (let version = from + 1; version <= current; version++) source.send('change', `${dataset}:${version}`, { version });
      }
    });
  }

  change(dataset) {
    const version = this.versions.get(dataset) + 1;
    this.versions.set(dataset, version);
    for (const source of this.openStreams())
      if (source.connected && source.resume.has(dataset)) source.send('change', `${dataset}:${version}`, { version });
  }

  /// The streams not closed.
  openStreams() {
    return this.sources.filter(source => !source.closed);
  }
}

/// The origin's Web Locks, as the browser keeps them for all its tabs: one holder, the others queued in order;
/// a tab that goes releases what it holds and leaves the queue.
class Locks {
  holder = null;
  queue = [];

  for(tab) {
    return {
      request: (name, callback) => {
        assert.equal(name, 'listserver-events-leader');
        this.queue.push({ tab, callback });
        this.grant();
        return new Promise(() => {});
      },
    };
  }

  grant() {
    if (this.holder || !this.queue.length) return;
    const next = this.queue.shift();
    this.holder = next.tab;
    setImmediate(() => !next.tab.closed && next.callback({ name: 'listserver-events-leader' }));
  }

  release(tab) {
    this.queue = this.queue.filter(entry => entry.tab !== tab);
    if (this.holder === tab) (this.holder = null), this.grant();
  }
}

let tabs = []; // every tab of the running test, closed after it

/// A page of the browser: its own window of fakes and its stream; `changes` lists the change events it was
/// handed, as `dataset:version`.
class Tab {
  constructor(browser) {
    const tab = this;
    this.browser = browser;
    this.changes = [];
    this.channels = [];
    this.sources = [];
    this.pagehide = [];
    this.closed = false;
    this.document = { documentElement: { dataset: {} } };
    class FakeEventSource {
      constructor(url) {
        Object.assign(this, { url, tab, listeners: new Map(), closed: false, connected: false });
        tab.sources.push(this);
        browser.server.open(this);
      }
      addEventListener(type, listener) {
        this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
      }
      close() {
        this.closed = true;
      }
      /// An event on the wire, handed to the page on a later turn, in order.
      send(type, id, data) {
        setImmediate(() => {
          if (this.closed) return;
          for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data), lastEventId: id });
        });
      }
    }
    this.stream = pageStream({
      navigator: { locks: browser.locks.for(this) },
      BroadcastChannel: class extends BroadcastChannel {
        constructor(name) {
          super(name);
          tab.channels.push(this);
        }
      },
      EventSource: FakeEventSource,
      document: this.document,
      addEventListener: (type, listener) => type === 'pagehide' && this.pagehide.push(listener),
    });
    tabs.push(this);
  }

  /// Follows a dataset from the version the page drew, as the page does: the previous subscription is closed.
  follow(dataset, version) {
    this.subscription?.close();
    const subscription = { dataset, from: version, changes: [] };
    this.subscriptions = [...(this.subscriptions ?? []), subscription];
    this.subscription = this.stream.follow(dataset, version, {
      change: event => {
        this.changes.push(`${dataset}:${event.lastEventId}`);
        subscription.changes.push(Number(event.lastEventId));
      },
    });
    return this;
  }

  /// The tab goes: `pagehide`, then the browser closes its channel and stream and releases its lock.
  close() {
    for (const listener of this.pagehide) listener();
    this.closed = true;
    for (const channel of this.channels) channel.close();
    for (const source of this.sources) source.close();
    this.browser.locks.release(this);
  }

  get role() {
    return this.document.documentElement.dataset.stream;
  }
}

/// A browser of tabs on one server.
const browser = versions => ({ server: new Server(versions), locks: new Locks() });

afterEach(() => {
  for (const tab of tabs) if (!tab.closed) tab.close();
  tabs = [];
});

/// The numbers from `from + 1` to `to`.
const after = (from, to) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + 1 + i);

describe('one stream per browser', () => {
  test('two tabs elect one leader, which holds one stream for both datasets', async () => {
    const b = browser({ friends: 12, heroes: 40 });
    const first = new Tab(b).follow('friends', 12);
    await settle();
    const second = new Tab(b).follow('heroes', 40);
    await settle();
    assert.deepEqual([first.role, second.role], ['leader', 'follower']);
    const open = b.server.openStreams();
    assert.equal(open.length, 1, `open streams: ${open.map(source => source.url)}`);
    assert.equal(open[0].tab, first);
    assert.deepEqual(Object.fromEntries(open[0].resume), { friends: 12, heroes: 40 });
    assert.equal(second.sources.length, 0, 'the follower never opens a stream');
  });

  test("a follower is handed the leader's events of its dataset, each once and in order", async () => {
    const b = browser({ friends: 12, heroes: 40 });
    const leader = new Tab(b).follow('friends', 12);
    await settle();
    const follower = new Tab(b).follow('heroes', 40);
    await settle();
    b.server.change('heroes');
    b.server.change('friends');
    b.server.change('heroes');
    await settle();
    assert.deepEqual(follower.changes, ['heroes:41', 'heroes:42']);
    assert.deepEqual(leader.changes, ['friends:13']);
  });

  test('a tab that drew an older version is sent the changes since, the others none again', async () => {
    const b = browser({ friends: 12 });
    const first = new Tab(b).follow('friends', 12);
    await settle();
    b.server.change('friends');
    await settle();
    const second = new Tab(b).follow('friends', 10); // its window was fetched before two changes
    await settle();
    assert.deepEqual(second.changes, ['friends:11', 'friends:12', 'friends:13']);
    assert.deepEqual(first.changes, ['friends:13']);
    assert.equal(b.server.openStreams().length, 1);
  });

  test('when the leader closes, the next tab takes over and resumes each dataset with nothing lost or repeated', async () => {
    const b = browser({ friends: 12, heroes: 40 });
    const first = new Tab(b).follow('friends', 12);
    await settle();
    const second = new Tab(b).follow('heroes', 40), third = new Tab(b).follow('friends', 12);
    await settle();
    b.server.change('friends');
    b.server.change('heroes');
    await settle();
    first.close();
    b.server.change('friends'); // while no tab leads
    b.server.change('heroes');
    await settle();
    assert.equal(second.role, 'leader', 'the first tab queued for the lock leads');
    assert.equal(third.role, 'follower');
    const open = b.server.openStreams();
    assert.equal(open.length, 1);
    assert.equal(open[0].tab, second);
    assert.deepEqual(Object.fromEntries(open[0].resume), { friends: 13, heroes: 41 }, 'each from its last event');
    b.server.change('friends');
    await settle();
    assert.deepEqual(third.changes, ['friends:13', 'friends:14', 'friends:15']);
    assert.deepEqual(second.changes, ['heroes:41', 'heroes:42']);
  });

  test('a page that changes dataset follows the new one only', async () => {
    const b = browser({ friends: 1, heroes: 1 });
    const leader = new Tab(b).follow('friends', 1), other = new Tab(b).follow('friends', 1);
    await settle();
    other.follow('heroes', 1);
    await settle();
    b.server.change('friends');
    b.server.change('heroes');
    await settle();
    assert.deepEqual(other.changes, ['heroes:2']);
    assert.deepEqual(leader.changes, ['friends:2']);
  });
});

describe('random tabs, changes and closings', () => {
  /// One run: tabs open on a dataset at its current version, change dataset, close; the server makes changes;
  /// the event loop turns a random number of times between steps, so messages, grants and events race.
  async function walk(seed) {
    const random = seeded(seed), datasets = ['friends', 'heroes', 'apps'];
    const b = browser({ friends: 5, heroes: 0, apps: 100 });
    const all = [], log = [];
    const open = () => all.filter(tab => !tab.closed);
    for (let step = 0; step < 40; step++) {
      const action = open().length ? random.pick(['change', 'change', 'change', 'open', 'close', 'switch']) : 'open';
      const dataset = random.pick(datasets);
      if (action === 'change') b.server.change(dataset);
      else if (action === 'open') all.push(new Tab(b).follow(dataset, b.server.versions.get(dataset)));
      else {
        const tab = random.pick(open());
        if (action === 'close') tab.close();
        else tab.follow(dataset, b.server.versions.get(dataset));
      }
      log.push(`${action} ${dataset}`);
      for (let turns = random.int(0, 3); turns > 0; turns--) await new Promise(resolve => setImmediate(resolve));
    }
    await settle();
    const context = `seed ${seed}: ${log.join(', ')}`;
    for (const tab of all)
      tab.subscriptions.forEach((subscription, i) => {
        const { dataset, from, changes } = subscription;
        const current = tab.closed || i < tab.subscriptions.length - 1;
        // A subscription still followed has every change since it began; one that ended, the first of them.
        const expected = after(from, current ? from + changes.length : b.server.versions.get(dataset));
        assert.deepEqual(changes, expected, `${dataset} from ${from}, ${context}`);
      });
    const tabsOpen = open();
    if (!tabsOpen.length) return;
    const leaders = tabsOpen.filter(tab => tab.role === 'leader');
    assert.equal(leaders.length, 1, `one leader among ${tabsOpen.map(tab => tab.role)}, ${context}`);
    const streams = b.server.openStreams();
    assert.equal(streams.length, 1, `one stream: ${streams.map(source => source.url)}, ${context}`);
    assert.equal(streams[0].tab, leaders[0], context);
    for (const tab of tabsOpen) assert.ok(streams[0].resume.has(tab.subscriptions.at(-1).dataset), context);
  }

  test('200 seeded runs: one leader, one stream, every change to every tab once and in order', async () => {
    for (let seed = 1; seed <= 200; seed++) {
      await walk(seed);
      for (const tab of tabs) if (!tab.closed) tab.close();
      tabs = [];
    }
  });
});
