// Where the rows and headers are drawn: each is placed by a vertical translation, written only here and read
// back without asking the layout (windows.js, and the modules that move rows: motion, placeholders, gestures).
const placedAt = new WeakMap(); // element -> its translateY

/// Draws `element` `y` px from the top of the rows' layer.
export function put(element, y) {
  placedAt.set(element, y);
  element.style.transform = `translateY(${y}px)`;
}

/// Where `put` last drew `element` (0 when it never did).
export const placed = element => placedAt.get(element) ?? 0;
