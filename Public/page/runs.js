// Rows chosen as ranges, knowing no DOM: rows picked one by one, runs of rows by their first and last row, or
// every row, each less the rows taken out of it. The page's selection (selection.js) is one, over the rows drawn;
// `node --test Tests/Page/` checks it against a plain set of row ids.

/// A row's place: its id and its section and row indexes at the selection's version.
export const before = (a, b) => a.section < b.section || (a.section === b.section && a.row < b.row);
export const within = (place, run) => !before(place, run.from) && !before(run.to, place);

/// Every row of the table's sections (`[{id, rowCount}]`).
export const rowsOf = sections => (sections || []).reduce((sum, section) => sum + section.rowCount, 0);

/// Rows as ranges. `has`, `add`, `delete`, `clear` and `size` work as a Set of row ids does.
/// - Parameter table: where the rows are, read at each call: `version` (of the places), `meta` (the dataset's
///   `{version, sections: [{id, rowCount}]}`) and `placeOf(id)` (a row's place, or null when it is not known).
export class Runs {
  constructor(table) {
    this.table = table;
    this.clear();
  }

  clear() {
    this.all = false; // every row
    this.ids = new Map(); // rows picked one by one, outside every run: id → place
    this.runs = []; // {from, to} places, in table order, disjoint
    this.except = new Map(); // rows taken out of the runs or of all: id → place
    this.arrivals = new Map(); // rows others inserted while there were runs, until the runs are found again: id → place
    this.version = this.table.version; // the version the places are of
    this.counts = (this.table.meta.sections || []).map(section => section.rowCount); // rows per section, of `countsVersion`
    this.countsVersion = this.table.meta.version;
  }

  /// A copy (the state before a Shift extension, which the next one replaces).
  copy() {
    const copy = Object.assign(Object.create(Object.getPrototypeOf(this)), this);
    return Object.assign(copy, {
      ids: new Map(this.ids), runs: [...this.runs], except: new Map(this.except), arrivals: new Map(this.arrivals),
    });
  }

  /// - Complexity: O(r) for r runs.
  has(id) {
    id = String(id);
    if (this.ids.has(id)) return true;
    if (this.except.has(id) || this.arrivals.has(id)) return false;
    if (this.all) return true;
    const place = this.runs.length && this.table.placeOf(id);
    return !!place && this.runs.some(run => within(place, run));
  }

  /// Adds a row; `place` defaults to where the row is drawn.
  add(id, place = this.table.placeOf(id)) {
    id = String(id);
    this.arrivals.delete(id);
    if (this.except.delete(id) || this.has(id) || !place) return this;
    this.ids.set(id, place);
    return this;
  }

  /// Takes a row out; returns whether it was selected.
  delete(id) {
    id = String(id);
    if (this.ids.delete(id)) return true;
    if (!this.has(id)) return false;
    const place = this.table.placeOf(id);
    if (place) this.except.set(id, place);
    return !!place;
  }

  /// Adds every row from one place to the other, both included.
  /// - Complexity: O(r log r + i + e) for r runs, i ids and e exceptions.
  addRun(a, b) {
    let run = before(b, a) ? { from: b, to: a } : { from: a, to: b };
    for (const [id, place] of this.except) if (within(place, run)) this.except.delete(id);
    for (const [id, place] of this.arrivals) if (within(place, run)) this.arrivals.delete(id);
    if (this.all) return this;
    const kept = [];
    for (const other of this.runs) {
      if (before(other.to, run.from) || before(run.to, other.from)) kept.push(other);
      else run = { from: before(other.from, run.from) ? other.from : run.from, to: before(run.to, other.to) ? other.to : run.to };
    }
    for (const [id, place] of this.ids) if (within(place, run)) this.ids.delete(id);
    this.runs = [...kept, run].sort((x, y) => (before(x.from, y.from) ? -1 : 1));
    return this;
  }

  selectAll() {
    this.clear();
    this.all = true;
  }

  /// Rows others inserted (`[{id, section, row}]`, places at `version`) after every row or runs of rows were
  /// selected are not selected: UIKit selects the rows there were, and a row that arrives later is not among them
  /// (nor deleted with them), even between a run's ends. Whether it lies in a run is known once the runs' ends are
  /// found at the version it came in (`keepOut`); until then it is not selected and not counted.
  arrived(rows, version) {
    const places = new Map(rows.map(({ id, section, row }) => [String(id), { id: String(id), section, row }]));
    if (this.all) for (const [id, place] of places) this.except.set(id, place);
    else if (this.version === version && this.countsVersion === version) this.keepOut(places);
    else if (this.runs.length) for (const [id, place] of places) this.arrivals.set(id, { ...place, version });
  }

  /// Takes rows that arrived (their places at the runs' version, `id → place`; a row not there is gone) out of the
  /// runs they lie in; the others were never selected.
  /// - Complexity: O(a·r) for a arrivals and r runs.
  keepOut(places) {
    for (const [id, place] of places) if (this.runs.some(run => within(place, run))) this.except.set(id, place);
  }

  /// - Complexity: O(r + s) for r runs over s sections.
  get size() {
    if (this.all) return Math.max(0, rowsOf(this.table.meta.sections) - this.except.size);
    return this.runs.reduce((sum, run) => sum + this.length(run), 0) + this.ids.size - this.except.size;
  }

  /// How many rows a run holds, from the sections' counts at the selection's version.
  length(run) {
    if (run.from.section === run.to.section) return run.to.row - run.from.row + 1;
    let sum = (this.counts[run.from.section] ?? 0) - run.from.row + run.to.row + 1;
    for (let section = run.from.section + 1; section < run.to.section; section++) sum += this.counts[section] ?? 0;
    return sum;
  }

  /// The batch's `deleteRows`: ids, runs and every row as the server reads them, each with its exceptions.
  /// - Complexity: O(i + r·e) for i ids, r runs and e exceptions.
  deletes() {
    const except = run => [...this.except].filter(([, place]) => !run || within(place, run)).map(([id]) => +id);
    const withExcept = (item, ids) => (ids.length ? { ...item, except: ids } : item);
    if (this.all) {
      const sections = this.table.meta.sections || [];
      if (!sections.length) return [];
      return [withExcept({ section: sections[0].id, toSection: sections[sections.length - 1].id }, except())];
    }
    const runs = this.runs.map(run => withExcept({ from: +run.from.id, to: +run.to.id }, except(run)));
    return [...[...this.ids.keys()].map(Number), ...runs];
  }

  /// Whether the places are of another version than the table's (a change came since).
  get stale() {
    const versions = this.version !== this.table.version || (this.runs.length && this.countsVersion !== this.version);
    return versions && !!(this.runs.length || this.ids.size || this.except.size || this.arrivals.size);
  }
}
