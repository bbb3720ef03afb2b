// ListRenderTests — SelectionRuleTests
import Models
import Testing

@testable import ListRender

private let table = makeSnapshot([[1, 2, 3, 4], [5, 6]])

@Test("in editing mode a tap selects only when selection during editing is allowed")
func editingModeSelectionRules() {
    var selection = TableSelection()
    selection.setEditing(true)
    #expect(!selection.allowsSelectionNow)
    #expect(selection.tapRow(at: path(0, 0), in: table).isEmpty)
    selection.allowsSelectionDuringEditing = true
    #expect(selection.allowsSelectionNow && !selection.allowsMultipleSelectionNow)
    selection.tapRow(at: path(0, 0), in: table)
    selection.tapRow(at: path(0, 1), in: table)
    #expect(selection.selectedRowIDs == [RowID(2)])
}

@Test("multiple selection during editing works on its own, as in Mail's edit mode")
func multipleSelectionDuringEditing() {
    var selection = TableSelection(allowsMultipleSelectionDuringEditing: true)
    selection.setEditing(true)
    #expect(selection.allowsSelectionNow && selection.allowsMultipleSelectionNow)
    selection.tapRow(at: path(0, 0), in: table)
    selection.tapRow(at: path(1, 1), in: table)
    #expect(selection.selectedRowIDs == [RowID(1), RowID(6)])
    selection.selectAll(in: table)
    #expect(selection.selectedRowIDs.count == 6)
}

@Test("leaving editing clears the selection when the two modes' rules differ, without hooks")
func leavingEditingClearsSelection() {
    var selection = TableSelection(allowsMultipleSelectionDuringEditing: true)
    selection.setEditing(true)
    selection.tapRow(at: path(0, 0), in: table)
    selection.tapRow(at: path(0, 1), in: table)
    #expect(selection.setEditing(false) == [RowID(1), RowID(2)])
    #expect(selection.selectedRowIDs.isEmpty && !selection.isEditing)
}

@Test("entering editing clears a selection that editing mode's rules do not allow")
func enteringEditingClearsSelection() {
    var selection = TableSelection()
    selection.tapRow(at: path(0, 2), in: table)
    #expect(selection.setEditing(true) == [RowID(3)])
    #expect(selection.selectedRowIDs.isEmpty)
}

@Test("switching modes with the same rules keeps the selection; setting the same mode again does nothing")
func sameRulesKeepSelection() {
    var selection = TableSelection(allowsSelectionDuringEditing: true)
    selection.tapRow(at: path(0, 2), in: table)
    #expect(selection.setEditing(true).isEmpty)
    #expect(selection.setEditing(true).isEmpty)
    #expect(selection.selectedRowIDs == [RowID(3)] && selection.isEditing)
}

@Test("turning a setting off clears a selection it no longer allows")
func settingsChangeClearsSelection() {
    var selection = TableSelection(allowsMultipleSelection: true)
    selection.selectRow(at: path(0, 0), in: table)
    selection.selectRow(at: path(0, 1), in: table)
    selection.allowsMultipleSelection = false
    #expect(selection.selectedRowIDs.isEmpty)
    selection.selectRow(at: path(0, 0), in: table)
    selection.allowsSelection = false
    #expect(selection.selectedRowIDs.isEmpty)
}

@Test("select all needs multiple selection in the current mode")
func selectAllNeedsMultipleSelection() {
    var selection = TableSelection()
    selection.selectAll(in: table)
    #expect(selection.selectedRowIDs.isEmpty)
}

@Test("the selection follows rows through a batch: deleted rows leave it, moved rows keep it at their new place")
func selectionFollowsBatches() throws {
    var selection = TableSelection(allowsMultipleSelection: true)
    for row in [path(0, 0), path(0, 3), path(1, 0), path(1, 1)] { selection.selectRow(at: row, in: table) }
    var batch = BatchUpdate()
    batch.deleteRows(at: [path(0, 0)])
    batch.deleteSections([1])
    batch.moveRow(at: path(0, 3), to: path(0, 0))
    batch.reloadRows(at: [path(0, 1)])
    let result = try table.applying(batch)
    selection.update(for: result)
    #expect(selection.selectedRowIDs == [RowID(4)])
    #expect(selection.indexPathsForSelectedRows(in: result.snapshot) == [path(0, 0)])
}

@Test("pruning keeps only the selected rows still in the table, and index paths come sorted")
func pruneAndQueries() {
    var selection = TableSelection(allowsMultipleSelection: true)
    for row in [path(1, 1), path(0, 2), path(0, 1)] { selection.selectRow(at: row, in: table) }
    #expect(selection.indexPathsForSelectedRows(in: table) == [path(0, 1), path(0, 2), path(1, 1)])
    #expect(selection.indexPathForSelectedRow(in: table) == path(0, 1))
    selection.prune(to: makeSnapshot([[2, 6]]))
    #expect(selection.selectedRowIDs == [RowID(2), RowID(6)])
    #expect(selection.indexPathForSelectedRow(in: TableSnapshot()) == nil)
}

@Test("selection events read as the delegate methods they stand for")
func selectionEventDescriptions() {
    #expect(SelectionEvent.willSelect(path(0, 1)).description == "willSelect [0, 1]")
    #expect(SelectionEvent.didDeselect(path(2, 0)).description == "didDeselect [2, 0]")
}
