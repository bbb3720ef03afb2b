// A seeded random generator for the page's oracle tests: the same seed, the same cases.

/// SplitMix32-style generator.
export function seeded(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 2 ** 32;
  };
  const int = (low, high) => low + Math.floor(next() * (high - low + 1));
  const pick = list => list[int(0, list.length - 1)];
  return { next, int, pick, chance: p => next() < p };
}
