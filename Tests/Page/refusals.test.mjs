// A refused batch in the person's words (Public/page/refusals.js): each shape of problem the server sends
// (Sources/ListServer/Library/RebaseConflict.swift, BatchPlanner*.swift) becomes one sentence that names rows by
// their titles; no id, no API path and no server wording ever reaches the person. `node --test Tests/Page/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namedRows, refusal } from '../../Public/page/refusals.js';

const english = (text, value) => text.replace(/%[ds]/, value);
/// A language whose words are all different from the keys: what is shown must have gone through `t`.
const marked = (text, value) => `<${text}>`.replace(/%[ds]/, value);
const names = new Map([['10', 'Task 3'], ['5', 'Alpha']]);
/// A 409 as api() throws it: the detail's lines and the same conflicts as data.
const conflict = (...conflicts) => ({
  status: 409, conflicts,
  message: `the dataset 'shared' is at version 40, and since version 38 ${conflicts.map(entry => entry.operation).join('; ')}; GET /api/datasets/shared (or the window) again and redo the change on version 40`,
});

const cases = [
  [{ status: 422, message: "moveRows[0]: row 10 does not exist in 'shared'" }, 'Not moved: “Task 3” was deleted elsewhere.'],
  [{ status: 422, message: "moveRows[0]: row 11 does not exist in 'shared'" }, 'Not moved: this row was deleted elsewhere.'],
  [conflict({ operation: 'moveRows[0]', row: 10, reason: 'rowDeleted' }), 'Not moved: “Task 3” was deleted elsewhere.'],
  [conflict({ operation: 'deleteRows[0]', row: 10, reason: 'rowDeleted' }, { operation: 'deleteRows[1]', row: 5, reason: 'rowDeleted' }),
    'Not deleted: 2 rows were deleted elsewhere.'],
  [conflict({ operation: 'updateRows[0]', row: 5, fields: ['title'], reason: 'fieldsChanged' }), 'Not saved: “Alpha” was changed elsewhere meanwhile.'],
  [conflict({ operation: 'updateRows[0]', row: 12, fields: ['title', 'detail'], reason: 'fieldsChanged' }),
    'Not saved: this row was changed elsewhere meanwhile.'],
  [conflict({ operation: 'rowActions[0]', row: 5, reason: 'rowChanged' }), 'Not saved: “Alpha” was changed elsewhere meanwhile.'],
  [conflict({ operation: 'insertRows[0]', section: 3, reason: 'sectionDeleted' }), 'Not added: the rows around it changed elsewhere.'],
  [conflict({ operation: 'moveRows[0]', section: 3, reason: 'sectionRowsChanged' }), 'Not moved: the rows around it changed elsewhere.'],
  [conflict({ operation: 'insertRows[0]', reason: 'sectionsChanged' }), 'Not added: the rows around it changed elsewhere.'],
  [conflict({ operation: 'insertSections', reason: 'sectionsChanged' }), 'Not added: the rows around it changed elsewhere.'],
  [conflict({ operation: 'child', reason: 'childTable' }), 'Not saved: the list changed elsewhere. Try again.'],
  [{ status: 409, conflicts: [], message: "the dataset 'shared' is at version 4000, but the change was made against version 3" }, 'Not saved: the list changed elsewhere. Try again.'],
  [{ status: 422, message: 'invalid number of rows in section 2. The number of rows contained in an existing section after the update (3) must be equal…' }, 'Not saved: the list could not take this change.'],
  [{ status: 422, message: "deleteRows[0].id: section 4 does not exist in 'shared'" }, 'Not deleted: the rows around it changed elsewhere.'],
  [new TypeError('Failed to fetch'), 'Not saved: the connection was lost.'],
  [{ status: 503, message: 'the store is read-only' }, 'Not saved: the server could not save it now. Try again.'],
];

test('every shape the server sends reads as a sentence about the rows, with their titles', () => {
  for (const [error, words] of cases) assert.equal(refusal(error, names, english), words, error.message);
});

test('no id, path or server wording is shown, and every word goes through the page language', () => {
  for (const [error] of cases) {
    const words = refusal(error, names, marked);
    assert.doesNotMatch(words, /\[\d+\]|row \d+|version|dataset|does not exist|Failed/, words);
    assert.match(words, /^<[^<>]+><[^<>]+>$/, `${words}: not two translated parts`);
  }
});

test('an undo that cannot be made says so, whatever its operation', () => {
  assert.equal(refusal(conflict({ operation: 'moveRows[0]', row: 10, reason: 'rowDeleted' }), names, english, { undoing: true }),
    'Could not undo: “Task 3” was deleted elsewhere.');
});

test('a 409 is read from its conflicts, not its detail: a reason it does not know is not guessed from the words', () => {
  const words = { status: 409, conflicts: [], message: 'since version 38 moveRows[0]: row 10 was deleted' };
  assert.equal(refusal(words, names, english), 'Not saved: the list changed elsewhere. Try again.');
  const unknown = conflict({ operation: 'moveRows[0]', row: 10, reason: 'somethingNew' });
  assert.equal(refusal(unknown, names, english), 'Not saved: the list changed elsewhere. Try again.');
});

test('a detail that names no operation is told by the batch the page sent', () => {
  const refused = { status: 400, message: 'refused' };
  assert.equal(refusal(refused, names, english, { changes: { moveRows: [{ id: 10 }] } }), 'Not moved: the list could not take this change.');
  assert.equal(refusal(refused, names, english), 'Not saved: the list could not take this change.');
});

test('the rows a batch names are its ids, never its runs', () => {
  assert.deepEqual(namedRows({ deleteRows: [3, { from: 4, to: 9 }], moveRows: [{ id: 10 }], updateRows: [{ id: 5 }], restoreRows: [{ id: 7 }] }),
    ['3', '10', '5', '7']);
});
