// An outline's expanded nodes: their numbers in preorder as sorted, disjoint ranges [[first, last], …], read from
// and written as the URL's compact form ("0,3,9-12", "all", "none"), so `all` stays one word however big the tree.

/// The ranges `text` names among `count` nodes (`all`: every node). Ranges are clipped to the outline.
export function readRanges(text, count) {
  if (!text || text === 'none' || count <= 0) return [];
  if (text === 'all') return [[0, count - 1]];
  const parts = text.split(',').map(part => part.split('-').map(Number))
    .map(([first, last = first]) => [Math.min(first, last), Math.max(first, last)])
    .filter(([first, last]) => Number.isInteger(first) && Number.isInteger(last) && last >= 0 && first < count)
    .map(([first, last]) => [Math.max(0, first), Math.min(count - 1, last)])
    .sort((a, b) => a[0] - b[0]);
  return merged(parts);
}

/// Sorted ranges with the overlapping and adjacent ones joined.
function merged(sorted) {
  const ranges = [];
  for (const [first, last] of sorted) {
    const end = ranges[ranges.length - 1];
    if (end && first <= end[1] + 1) end[1] = Math.max(end[1], last);
    else ranges.push([first, last]);
  }
  return ranges;
}

/// The compact form: `all` when the ranges cover the `count` nodes, `none` when there are none.
export function writeRanges(ranges, count) {
  if (!ranges.length) return 'none';
  if (count > 0 && ranges.length === 1 && ranges[0][0] <= 0 && ranges[0][1] >= count - 1) return 'all';
  return ranges.map(([first, last]) => (first === last ? `${first}` : `${first}-${last}`)).join(',');
}

/// Whether `node` is in the ranges. - Complexity: O(log r).
export function hasNode(ranges, node) {
  let low = 0, high = ranges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ranges[middle][1] < node) low = middle + 1;
    else high = middle;
  }
  return low < ranges.length && ranges[low][0] <= node;
}

/// The ranges with `node` in them (`expanded`) or out of them, a range cut in two around it. - Complexity: O(r).
export function withNode(ranges, node, expanded) {
  if (hasNode(ranges, node) === expanded) return ranges;
  if (expanded) return merged([...ranges, [node, node]].sort((a, b) => a[0] - b[0]));
  return ranges.flatMap(([first, last]) => {
    if (node < first || node > last) return [[first, last]];
    return [[first, node - 1], [node + 1, last]].filter(([a, b]) => a <= b);
  });
}
