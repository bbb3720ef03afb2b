// The viewport core, without DOM: where drawn items sit, what is drawn and asked for, which window to fetch.
// Corrections never move what is on screen nor the scroll position (docs/ARCHITECTURE.md, "The page").

export const clamp = (value, low, high) => Math.max(low, Math.min(value, high));

/// A set of content offsets as sorted, disjoint, half-open ranges [from, to), made from pairs in any order.
export class Ranges {
  constructor(pairs = []) {
    this.list = [];
    for (const [from, to] of pairs.filter(([from, to]) => to > from).sort((a, b) => a[0] - b[0])) {
      const last = this.list[this.list.length - 1];
      if (last && from <= last[1]) last[1] = Math.max(last[1], to);
      else this.list.push([from, to]);
    }
  }

  get isEmpty() { return !this.list.length; }

  /// What this set holds and `other` does not. - Complexity: O(n·m).
  minus(other) {
    const result = new Ranges();
    for (let [from, to] of this.list) {
      for (const [start, end] of other.list) {
        if (end <= from || start >= to) continue;
        if (start > from) result.list.push([from, start]);
        from = Math.max(from, end);
      }
      if (to > from) result.list.push([from, to]);
    }
    return result;
  }
}

export class Viewport {
  /// `cap`: the tallest an element may be (px); past it scroll positions map onto content offsets.
  constructor(cap = 1e7) {
    this.cap = cap;
    this.serverHeight = 0; // the table's height on the server
    this.height = 0; // the viewport's height
    this.top = 0; // the content offset at the viewport's top
    this.keepTop = false; // Home was the last input: the table's top stays at the top, whatever arrives
    this.keepEnd = false; // End was: its end stays at the bottom
    this.end = 0; // how much taller the drawn items are than the server's estimates
    this.items = []; // {key, y, h: server offset and height, size: measured, at: page offset, section, end, header, carried}
    this.asked = new Ranges(); // the page offsets the windows on their way were asked for
  }

  /// The items that follow each other in the table: not a header a window carries from its section's top.
  get flow() { return this.items.filter(item => !item.carried); }

  get contentHeight() { return Math.max(0, this.serverHeight + this.end); }
  get scrollHeight() { return Math.min(this.contentHeight, this.cap); }
  get maxTop() { return Math.max(0, this.contentHeight - this.height); }
  /// Content pixels per scroll pixel: 1 under the cap.
  get ratio() {
    const { contentHeight, cap, height } = this;
    return contentHeight > cap ? (contentHeight - height) / (cap - height) : 1;
  }

  scrollTopFor(top) { return top / this.ratio; }

  /// The content offset once the scroller moved `from` → `to`: 1:1 under the cap; past it, ends to ends, a
  /// `relative` move (wheel, keys, touch) by its delta, the scroll bar linearly.
  scrolled(to, from, relative) {
    const maxScroll = this.scrollHeight - this.height, end = this.maxTop;
    if (this.ratio === 1) this.top = to;
    else if (to <= 0 || to >= maxScroll) this.top = to <= 0 ? 0 : end;
    else if (relative) this.top += to - from;
    else this.top = to * this.ratio;
    return (this.top = clamp(this.top, 0, end));
  }

  /// The visible items as {key, offset}; a new layout keeps the first it has where it is. At the end, the last
  /// first, by its bottom (the end stays the end).
  anchors() {
    const visible = this.flow.filter(item => item.at + item.size > this.top && item.at < this.top + this.height);
    if (!this.atEnd) return visible.map(item => ({ key: item.key, offset: item.at - this.top }));
    const bottom = this.top + this.height;
    return visible.reverse().map(item => ({ key: item.key, offset: item.at + item.size - bottom, fromBottom: true }));
  }

  get atEnd() {
    return this.items.length > 0 && this.top > 0 && this.top >= this.maxTop - 1;
  }

  /// The server offset of page offset `offset`.
  toServer(offset) {
    const items = this.flow, first = items[0], last = items[items.length - 1];
    if (!last) return offset;
    if (offset < first.at) return first.at > 0 ? (offset * first.y) / first.at : offset; // the region above, stretched
    if (offset >= last.at + last.size) return offset - this.end;
    const item = items.findLast(item => item.at <= offset), into = offset - item.at;
    return into <= item.size ? item.y + Math.min(into, item.h) : item.y + item.h + into - item.size; // a gap is 1:1
  }

  /// A server window, in table order; measured sizes kept. At the very top the offset is kept and at the end the
  /// end (UIKit), unless the table's first (last) rows arrive where placeholders stood above (below) rows
  /// already shown, and Home (End) did not bring the view there: those rows stay where they are, and the offset
  /// takes what the new rows took more or less than their estimates.
  ///
  /// With `rebase` (a new version, the person not scrolling), the drawn items take their server offsets again and the
  /// offset moves with them: nothing on screen moves, and the region above, which others' changes can have
  /// shortened to a fraction of the pixels it held, maps 1:1 again (the scroll bar then says where the rows are).
  setWindow(list, serverHeight, rebase = false) {
    const shown = this.items[0];
    const above = !this.keepTop && shown && shown.y > 0 && list.length > 0 && list[0].y < shown.y;
    const anchors = this.top > 0 || above ? this.anchors() : [], from = this.toServer(this.top), atEnd = this.atEnd;
    const measured = new Map(this.items.map(item => [item.key, item.size]));
    const drawnLast = this.items[this.items.length - 1];
    const below = !this.keepEnd && drawnLast && drawnLast.y + drawnLast.h < this.serverHeight - 0.5;
    this.serverHeight = serverHeight;
    this.items = list.map(item => ({ ...item, size: item.size ?? measured.get(item.key) ?? item.h, at: item.y }));
    this.items.forEach((item, index, items) => {
      const next = items[index + 1];
      item.carried = !!(item.header && next && next.section === item.section && next.y > item.y + item.h + 0.5);
    });
    const last = this.items[this.items.length - 1];
    // At the end, the table's end stays at the bottom, unless its last rows arrive where placeholders stood below
    // rows shown (and End did not bring the view there): those rows stay where they are.
    const kept = below && anchors.some(a => this.items.some(item => item.key === a.key));
    if (atEnd && last && last.y + last.h >= serverHeight - 0.5 && !anchors.some(a => a.key === last.key) && !kept)
      anchors.unshift({ key: last.key, offset: 0, fromBottom: true });
    this.layout(anchors, from, rebase);
  }

  /// Measured sizes by key; returns whether the layout changed.
  measure(sizes) {
    const anchors = this.anchors();
    let changed = false;
    for (const item of this.items) {
      const size = sizes.get(item.key);
      if (size != null && Math.abs(size - item.size) > 0.01) (item.size = size), (changed = true);
    }
    if (changed) this.layout(anchors);
    return changed;
  }

  /// Places the items around the first anchor still drawn, else from server offset `from`. The region above
  /// maps linearly onto the room left; when none is left (or to `rebase`), all moves by the difference, `top` with
  /// it.
  layout(anchors, from = this.toServer(this.top), rebase = false) {
    const items = this.flow, count = items.length;
    const gapAfter = j => items[j + 1].y - items[j].y - items[j].h;
    this.end = 0;
    if (count) {
      const anchor = anchors.find(a => items.some(item => item.key === a.key));
      let k = anchor ? items.findIndex(item => item.key === anchor.key) : items.findIndex(item => item.y + item.h > from);
      if (k < 0) k = count - 1;
      if (!anchor) items[k].at = this.top + items[k].y - from;
      else if (anchor.fromBottom) items[k].at = this.top + this.height + anchor.offset - items[k].size;
      else items[k].at = this.top + anchor.offset;
      for (let j = k + 1; j < count; j++) items[j].at = items[j - 1].at + items[j - 1].size + gapAfter(j - 1);
      for (let j = k - 1; j >= 0; j--) items[j].at = items[j + 1].at - gapAfter(j) - items[j].size;
      const first = items[0], last = items[count - 1];
      if (first.y <= 0 || first.at <= 0 || rebase) {
        const shift = first.y - first.at;
        for (const item of items) item.at += shift;
        this.top += shift;
      }
      this.end = last.at + last.size - last.y - last.h;
      // A carried header sits where the region above maps its server offset.
      for (const item of this.items) if (item.carried) item.at = first.y > 0 ? (item.y * first.at) / first.y : item.y;
    }
    this.top = clamp(this.top, 0, this.maxTop);
  }

  /// The content ranges the drawn items cover at their own places: the flow from its first item to its last
  /// (the gaps between them are the table's spacing) and each carried header (not where it pins).
  drawn() {
    const flow = this.flow, first = flow[0], last = flow[flow.length - 1];
    const carried = this.items.filter(item => item.carried).map(item => [item.at, item.at + item.size]);
    return new Ranges(last ? [[first.at, last.at + last.size], ...carried] : carried);
  }

  /// The ranges of [from, to], clamped to the content, that no drawn item covers.
  missing(from, to) {
    return new Ranges([[Math.max(0, from), Math.min(this.contentHeight, to)]]).minus(this.drawn());
  }

  /// The ranges placeholder rows cover: what no drawn item covers of the viewport ± three quarters of its height,
  /// reaching further the way the view moves, by `lead` px (a fast scroll moves the screen a frame before the page
  /// hears of it), by at most ten heights, or all the way to `destination` (where End or Home's smooth scroll is
  /// headed, several frames a scroll event when the page is busy), by at most the element-height cap.
  toCover(lead = 0, destination = null) {
    const overscan = this.height * 0.75, reach = destination != null ? this.cap : this.height * 10;
    const ahead = clamp(destination != null ? destination - this.top : lead, -reach, reach);
    const from = this.top - overscan + Math.min(0, ahead), to = this.top + this.height + overscan + Math.max(0, ahead);
    return this.items.length ? this.missing(from, to) : new Ranges();
  }

  /// Whether the viewport (at `top`: where a scroll is headed) ± a third of its height has a range that is
  /// neither drawn nor asked for.
  needsWindow(top = this.top) {
    const margin = this.height / 3;
    return !this.missing(top - margin, top + this.height + margin).minus(this.asked).isEmpty;
  }

  /// The server window to fetch: the viewport (at `at`) ± three quarters of its height.
  request(at = this.top) {
    const overscan = this.height * 0.75, top = Math.floor(this.toServer(Math.max(0, at - overscan)));
    const bottom = Math.ceil(this.toServer(at + this.height + overscan));
    return { top, height: clamp(bottom - top, 0, 2e4) };
  }

  /// Where the plain header at `index` shows: pinned while its section passes under the top.
  pinnedAt(index) {
    const header = this.items[index];
    if (header.at >= this.top) return header.at;
    const next = this.items.find(item => item.section > header.section);
    const sectionEnd = next ? next.at : header.end + this.end;
    return this.top < sectionEnd ? Math.min(this.top, sectionEnd - header.size) : header.at;
  }

  /// The first item (that `accept` takes) whose bottom is below the top.
  firstVisible(accept = () => true) {
    return this.items.find(item => accept(item) && item.at + item.size > this.top);
  }
}
