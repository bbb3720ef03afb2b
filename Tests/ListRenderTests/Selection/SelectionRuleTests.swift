// ListRenderTests — SelectionRuleTests
import Models
import Testing

@testable import ListRender

private let table = makeSnapshot([[1, 2, 3, 4], [5, 6]])

@Test("in editing mode a tap selects only when selection during editing is allowed")
func editingModeSelectionRules() {
    var forbidden = TableSelection(isEditing: true)
    #expect(forbidden.tapRow(at: path(0, 0), in: table).isEmpty)
    #expect(forbidden.selectedRowIDs.isEmpty)
    var selection = TableSelection(allowsSelectionDuringEditing: true, isEditing: true)
    selection.tapRow(at: path(0, 0), in: table)
    selection.tapRow(at: path(0, 1), in: table)
    #expect(selection.selectedRowIDs == [RowID(2)])
}

@Test("multiple selection during editing works on its own, as in Mail's edit mode")
func multipleSelectionDuringEditing() {
    var selection = TableSelection(allowsMultipleSelectionDuringEditing: true, isEditing: true)
    selection.tapRow(at: path(0, 0), in: table)
    selection.tapRow(at: path(1, 1), in: table)
    #expect(selection.selectedRowIDs == [RowID(1), RowID(6)])
    var outside = TableSelection(allowsMultipleSelectionDuringEditing: true)
    outside.tapRow(at: path(0, 0), in: table)
    outside.tapRow(at: path(1, 1), in: table)
    #expect(outside.selectedRowIDs == [RowID(6)])
}

@Test("multiple selection needs selection: allowsSelection false forbids both")
func multipleSelectionNeedsSelection() {
    var selection = TableSelection(allowsSelection: false, allowsMultipleSelection: true)
    #expect(selection.tapRow(at: path(0, 0), in: table).isEmpty)
    #expect(selection.selectedRowIDs.isEmpty)
}

@Test("a selection given at the start is what a tap in single selection takes away, by ascending index path")
func startingSelection() {
    var choice = TableSelection(selected: [RowID(4), RowID(2)])
    #expect(choice.isSelected(RowID(2)) && !choice.isSelected(RowID(3)))
    #expect(
        choice.tapRow(at: path(0, 2), in: table) == [
            .willSelect(path(0, 2)), .willDeselect(path(0, 1)), .didDeselect(path(0, 1)),
            .willDeselect(path(0, 3)), .didDeselect(path(0, 3)), .didSelect(path(0, 2)),
        ])
    #expect(choice.selectedRowIDs == [RowID(3)])
}

@Test("selection events read as the delegate methods they stand for")
func selectionEventDescriptions() {
    #expect(SelectionEvent.willSelect(path(0, 1)).description == "willSelect [0, 1]")
    #expect(SelectionEvent.didDeselect(path(2, 0)).description == "didDeselect [2, 0]")
}
