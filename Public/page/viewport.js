// The viewport core, without DOM: where drawn items sit (page offsets, from measured sizes, around the first
// visible item) and which server window to fetch. See docs/ARCHITECTURE.md, "The page".

export const clamp = (value, low, high) => Math.max(low, Math.min(value, high));

export class Viewport {
  /// `cap`: the tallest an element may be (px); past it scroll positions map onto content offsets.
  constructor(cap = 1e7) {
    this.cap = cap;
    this.serverHeight = 0; // the table's height on the server
    this.height = 0; // the viewport's height
    this.top = 0; // the content offset at the viewport's top
    this.end = 0; // how much taller the drawn items are than the server's estimates
    this.items = []; // {key, y, h: server offset and height, size: measured, at: page offset, section, end, header}
  }

  get contentHeight() { return Math.max(0, this.serverHeight + this.end); }
  get scrollHeight() { return Math.min(this.contentHeight, this.cap); }
  get maxTop() { return Math.max(0, this.contentHeight - this.height); }
  /// Content pixels per scroll pixel: 1 under the cap.
  get ratio() {
    const { contentHeight, cap, height } = this;
    return contentHeight > cap ? (contentHeight - height) / (cap - height) : 1;
  }

  scrollTopFor(top) { return top / this.ratio; }

  /// The content offset once the scroller moved `from` → `to`: 1:1 under the cap; past it a jump maps
  /// linearly, a small move at the speed that reaches both ends together.
  scrolled(to, from) {
    const maxScroll = this.scrollHeight - this.height, end = this.maxTop, delta = to - from;
    if (this.ratio === 1) this.top = to;
    else if (to <= 0 || to >= maxScroll) this.top = to <= 0 ? 0 : end;
    else if (Math.abs(delta) > 2 * this.height || from <= 0 || from >= maxScroll) this.top = to * this.ratio;
    else if (delta > 0) this.top += (delta * (end - this.top)) / (maxScroll - from);
    else this.top += (delta * this.top) / from;
    return (this.top = clamp(this.top, 0, end));
  }

  /// The visible items as {key, offset from the top}: the first one a new layout has anchors it.
  anchors() {
    return this.items
      .filter(item => item.at + item.size > this.top && item.at < this.top + this.height)
      .map(item => ({ key: item.key, offset: item.at - this.top }));
  }

  /// The server offset of page offset `offset`.
  toServer(offset) {
    const items = this.items, last = items[items.length - 1];
    if (!last || offset < items[0].at) return offset;
    if (offset >= last.at + last.size) return offset - this.end;
    const item = items.findLast(item => item.at <= offset);
    return item.y + Math.min(offset - item.at, item.h);
  }

  /// A server window, in table order; earlier measured sizes kept. At the very top the offset is kept (UIKit).
  setWindow(list, serverHeight) {
    const anchors = this.top > 0 ? this.anchors() : [], from = this.toServer(this.top);
    const measured = new Map(this.items.map(item => [item.key, item.size]));
    this.serverHeight = serverHeight;
    this.items = list.map(item => ({ ...item, size: item.size ?? measured.get(item.key) ?? item.h, at: item.y }));
    this.layout(anchors, from);
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

  /// Places the items around the first of `anchors` still drawn, else from server offset `from`.
  layout(anchors, from = this.toServer(this.top)) {
    const items = this.items, count = items.length;
    const gapAfter = j => items[j + 1].y - items[j].y - items[j].h;
    this.end = 0;
    if (count) {
      const anchor = anchors.find(a => items.some(item => item.key === a.key));
      let k = anchor ? items.findIndex(item => item.key === anchor.key) : items.findIndex(item => item.y + item.h > from);
      if (k < 0) k = count - 1;
      items[k].at = anchor ? this.top + anchor.offset : this.top + items[k].y - from;
      for (let j = k + 1; j < count; j++) items[j].at = items[j - 1].at + items[j - 1].size + gapAfter(j - 1);
      for (let j = k - 1; j >= 0; j--) items[j].at = items[j + 1].at - gapAfter(j) - items[j].size;
      const shift = items[0].y - items[0].at, last = items[count - 1];
      for (const item of items) item.at += shift;
      this.top += shift;
      this.end = last.at + last.size - last.y - last.h;
    }
    this.top = clamp(this.top, 0, this.maxTop);
  }

  /// Whether the drawn items cover [from, to], clamped to the content.
  covers(from, to) {
    const items = this.items, last = items[items.length - 1];
    from = Math.max(0, from);
    to = Math.min(this.contentHeight, to);
    return to <= from || (!!last && items[0].at <= from && last.at + last.size >= to);
  }

  /// The server window to fetch: the viewport ± three quarters of its height.
  request() {
    const overscan = this.height * 0.75, top = Math.floor(this.toServer(Math.max(0, this.top - overscan)));
    const bottom = Math.ceil(this.toServer(this.top + this.height + overscan));
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

  /// The first item whose bottom is below the viewport's top, among those `accept` takes.
  firstVisible(accept = () => true) {
    return this.items.find(item => accept(item) && item.at + item.size > this.top);
  }
}
