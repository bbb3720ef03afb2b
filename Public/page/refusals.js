// Why a batch was refused, in the person's words: the server's problem details read into one sentence about what
// the person sees, the rows named by their titles, never by ids or the API's paths. DOM-free (tested in
// Tests/Page with any `t`).
//
// The shapes are the server's (Sources/ListServer/Library/RebaseConflict.swift, BatchPlanner*.swift):
// - 409, a conflict with changes made since the version drawn: `conflicts`, one `{operation, reason, row?,
//   section?, fields?}` per operation in conflict (`reason` rowDeleted, rowChanged, fieldsChanged, sectionDeleted,
//   sectionRowsChanged, sectionsChanged, childTable), empty when the batch could not be rebased at all;
// - 422, a batch the list as it is now cannot take: `moveRows[0]: row 10 does not exist in 'shared'` (a row
//   deleted before the page drew it), or UIKit's own words for an inconsistent batch.
// A server that cannot save now (5xx) says so; anything else gets a sentence that says only that the change was
// not made.

const missingRow = /(\w+)\[\d+\](?:\.\w+)?: row (\d+) does not exist/g;
const missingSection = /(\w+)\[\d+\](?:\.\w+)?: section \d+ does not exist/;
const operation = path => path.match(/^\w+/)?.[0];
/// The reasons of a 409's conflicts, by what the person is told.
const reasons = {
  rowDeleted: 'deleted',
  rowChanged: 'changed',
  fieldsChanged: 'changed',
  sectionDeleted: 'place',
  sectionRowsChanged: 'place',
  sectionsChanged: 'place',
};

/// What was not done, by the batch's operation.
const prefixes = {
  moveRows: 'Not moved: ',
  deleteRows: 'Not deleted: ',
  insertRows: 'Not added: ',
  insertSections: 'Not added: ',
};

/// The words for a refused batch.
/// - Parameters:
///   - error: what `api()` threw: `status` (none when there was no answer), `message` (the problem's detail) and,
///     for a 409, `conflicts` (the problem's list).
///   - names: the titles of the rows the batch names, by id (as the page drew them before it sent the batch).
///   - t: the page's words (state.js), `t(text, value)`.
///   - options: `undoing`, whether the batch was an undo or a redo; `changes`, the batch, whose operation says
///     what was not done when the refusal names none.
/// - Returns: one sentence in the page's language.
export function refusal(error, names, t, { undoing = false, changes = {} } = {}) {
  const detail = String(error?.message ?? '');
  const asked = Object.keys(changes).find(key => key in prefixes);
  const prefix = op => t(undoing ? 'Could not undo: ' : prefixes[op ?? asked] ?? 'Not saved: ');
  if (!error?.status) return prefix() + t('the connection was lost.');
  if (error.status >= 500) return prefix() + t('the server could not save it now. Try again.');
  // What was refused, as [operation, row id or null, what the person is told].
  const refused = Array.isArray(error.conflicts)
    ? error.conflicts.filter(entry => entry.reason in reasons)
      .map(entry => [operation(entry.operation), entry.row == null ? null : String(entry.row), reasons[entry.reason]])
    : [...detail.matchAll(missingRow)].map(match => [match[1], match[2], 'deleted'])
      .concat(missingSection.test(detail) ? [[detail.match(missingSection)[1], null, 'place']] : []);
  const rows = (kind, one, unnamed, several) => {
    const found = refused.filter(entry => entry[2] === kind);
    if (!found.length) return null;
    const ids = [...new Set(found.map(entry => entry[1]))], name = names?.get?.(ids[0]);
    const reason = ids.length > 1 ? t(several, ids.length) : name ? t(one, name) : t(unnamed);
    return prefix(found[0][0]) + reason;
  };
  const place = refused.find(entry => entry[2] === 'place');
  return rows('deleted', '“%s” was deleted elsewhere.', 'this row was deleted elsewhere.', '%d rows were deleted elsewhere.')
    ?? rows('changed', '“%s” was changed elsewhere meanwhile.', 'this row was changed elsewhere meanwhile.',
      '%d rows were changed elsewhere meanwhile.')
    ?? (place ? prefix(place[0]) + t('the rows around it changed elsewhere.')
      : error.status === 409 ? prefix() + t('the list changed elsewhere. Try again.')
      : prefix() + t('the list could not take this change.'));
}

/// The ids of the rows a batch names (its deletes, moves, updates, actions and restored rows), as strings.
export function namedRows(changes) {
  const ids = [];
  for (const id of changes.deleteRows ?? []) if (typeof id !== 'object') ids.push(id);
  for (const list of [changes.moveRows, changes.updateRows, changes.rowActions, changes.restoreRows])
    for (const entry of list ?? []) ids.push(entry.id);
  return ids.map(String);
}
