// Expanded sections in the URL: ids as compact ranges ("0-3,7"), "all" or "none".

/// The ids of `ids` (strings or numbers) as ranges, "none" when there are none.
export function compactRanges(ids) {
  const sorted = [...ids].map(Number).sort((a, b) => a - b), ranges = [];
  for (let start = 0, end; start < sorted.length; start = end + 1) {
    for (end = start; sorted[end + 1] === sorted[end] + 1; ) end++;
    ranges.push(end > start ? `${sorted[start]}-${sorted[end]}` : sorted[start]);
  }
  return ranges.join(',') || 'none';
}

/// The ids (as strings) that `text` names; `all` names every id of `sections`. A range is read to at most
/// 100,000 ids, so a hostile URL cannot make the page build a huge set.
export function parseRanges(text, sections = []) {
  const ids = new Set();
  if (text === 'all') sections.forEach(section => ids.add(String(section.id)));
  else for (const part of text && text !== 'none' ? text.split(',') : []) {
    const [first, last = first] = part.split('-').map(Number);
    for (let id = first; id <= last && id - first < 1e5; id++) ids.add(String(id));
  }
  return ids;
}
