// The row whose actions a swipe (or the red minus) has shown: one at most, as UITableView shows one row's.
import { $, dom } from './state.js';

/// Closes the open row, sliding its content back over its buttons.
/// - Returns: whether a row was open.
export function closeOpenRow() {
  const open = $('[data-open]', dom.layer);
  if (!open) return false;
  open.removeAttribute('data-open');
  const content = $('.rc', open);
  if (content) content.style.transform = '';
  return true;
}
