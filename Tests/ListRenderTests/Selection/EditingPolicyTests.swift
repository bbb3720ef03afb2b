// ListRenderTests — EditingPolicyTests
import Models
import Testing

@testable import ListRender

private let table = makeSnapshot([[1, 2, 3], [4, 5]])

@Test("by default every row is editable with the delete style, cannot move, and confirms with Delete")
func editingDefaults() {
    let editing = TableEditing()
    #expect(editing.editingStyle(forRowAt: path(0, 1), in: table) == .delete)
    #expect(editing.deleteConfirmationTitle(forRowAt: path(0, 1), in: table) == "Delete")
    #expect(!editing.canMove(rowAt: path(0, 1), in: table))
    #expect(
        editing.trailingActions(forRowAt: path(1, 0), in: table, isEditing: false)
            == [RowAction(title: "Delete", style: .destructive, handlerID: RowAction.deleteHandlerID)])
}

@Test("a row that cannot be edited has no style, no control, no swipe actions and no commit")
func uneditableRow() {
    let editing = TableEditing(canEditRow: { _, id in id != RowID(2) })
    var selection = TableSelection()
    selection.setEditing(true)
    #expect(editing.editingStyle(forRowAt: path(0, 1), in: table) == .none)
    #expect(editing.editingControl(forRowAt: path(0, 1), in: table, selection: selection) == .none)
    #expect(editing.trailingActions(forRowAt: path(0, 1), in: table, isEditing: false).isEmpty)
    #expect(editing.commit(.delete, forRowAt: path(0, 1), in: table) == nil)
    #expect(editing.editingControl(forRowAt: path(0, 0), in: table, selection: selection) == .delete)
}

@Test("editing styles per row show as controls only in editing mode, and as checkboxes with multiple selection")
func editingControls() {
    let editing = TableEditing(editingStyleForRow: { path, _ in path.row % 2 == 1 ? .insert : .delete })
    var selection = TableSelection()
    #expect(editing.editingControl(forRowAt: path(0, 0), in: table, selection: selection) == .none)
    selection.setEditing(true)
    #expect(editing.editingControl(forRowAt: path(0, 0), in: table, selection: selection) == .delete)
    #expect(editing.editingControl(forRowAt: path(0, 1), in: table, selection: selection) == .insert)
    selection.allowsMultipleSelectionDuringEditing = true
    #expect(editing.editingControl(forRowAt: path(0, 1), in: table, selection: selection) == .checkbox)
    let none = TableEditing(editingStyleForRow: { _, _ in .none })
    selection.allowsMultipleSelectionDuringEditing = false
    #expect(none.editingControl(forRowAt: path(0, 1), in: table, selection: selection) == .none)
}

@Test("committing delete gives a batch that deletes the row")
func commitDelete() throws {
    let batch = try #require(TableEditing().commit(.delete, forRowAt: path(0, 1), in: table))
    #expect(batch.deletedRows == [path(0, 1)] && batch.operationCount == 1)
    #expect(rowNumbers(try table.applying(batch).snapshot) == [[1, 3], [4, 5]])
}

@Test("committing insert puts a new row at the tapped index path; a wrong style or a missing id commits nothing")
func commitInsert() throws {
    let editing = TableEditing(editingStyleForRow: { _, _ in .insert })
    let batch = try #require(editing.commit(.insert, forRowAt: path(1, 0), in: table, newRowID: RowID(9)))
    #expect(rowNumbers(try table.applying(batch).snapshot) == [[1, 2, 3], [9, 4, 5]])
    #expect(editing.commit(.insert, forRowAt: path(1, 0), in: table) == nil)
    #expect(editing.commit(.delete, forRowAt: path(1, 0), in: table) == nil)
    #expect(editing.commit(.none, forRowAt: path(1, 0), in: table) == nil)
}

@Test("a drag commits one move to the proposed place, with moveRow(at:to:) indexes")
func dragCommitsMove() throws {
    let editing = TableEditing(allowsReordering: true)
    let batch = try #require(editing.commitMove(from: path(0, 0), proposed: path(0, 2), in: table))
    #expect(batch.movedRows == [RowMove(from: path(0, 0), to: path(0, 2))])
    #expect(rowNumbers(try table.applying(batch).snapshot) == [[2, 3, 1], [4, 5]])
    let across = try #require(editing.commitMove(from: path(0, 0), proposed: path(1, 2), in: table))
    #expect(rowNumbers(try table.applying(across).snapshot) == [[2, 3], [4, 5, 1]])
}

@Test("a drag beyond the places a row can go is refused")
func dragOutOfRange() {
    let editing = TableEditing(allowsReordering: true)
    #expect(editing.destinationForMove(from: path(0, 0), proposed: path(0, 3), in: table) == nil)
    #expect(editing.destinationForMove(from: path(0, 0), proposed: path(1, 3), in: table) == nil)
    #expect(editing.destinationForMove(from: path(0, 0), proposed: path(2, 0), in: table) == nil)
    #expect(editing.destinationForMove(from: path(0, 0), proposed: path(1, -1), in: table) == nil)
}

@Test("rows that cannot move give no destination, as the seed's first rows that stay put")
func rowsThatCannotMove() {
    let editing = TableEditing(canMoveRow: { path, _ in path.row != 0 }, allowsReordering: true)
    #expect(!editing.canMove(rowAt: path(1, 0), in: table))
    #expect(editing.commitMove(from: path(1, 0), proposed: path(1, 1), in: table) == nil)
    #expect(editing.canMove(rowAt: path(1, 1), in: table))
}

@Test("targetIndexPathForMove can change the destination, here keeping rows in their section")
func targetIndexPathForMoveAltersDestination() throws {
    let editing = TableEditing(
        allowsReordering: true,
        targetIndexPathForMove: { source, proposed in
            proposed.section == source.section
                ? proposed : path(source.section, proposed.section < source.section ? 0 : 2)
        })
    #expect(editing.destinationForMove(from: path(0, 1), proposed: path(1, 0), in: table) == path(0, 2))
    let batch = try #require(editing.commitMove(from: path(0, 1), proposed: path(1, 0), in: table))
    #expect(rowNumbers(try table.applying(batch).snapshot) == [[1, 3, 2], [4, 5]])
}

@Test("the delete title and the swipe actions come from the hooks when given, and no swipe works in editing mode")
func customTitleAndActions() {
    let editing = TableEditing(
        titleForDeleteConfirmation: { _, id in id == RowID(1) ? "Remove" : nil },
        trailingActionsForRow: { path, _ in
            path.section == 1
                ? [
                    RowAction(title: "Flag", handlerID: "flag"),
                    RowAction(title: "Trash", style: .destructive, handlerID: "trash"),
                ] : nil
        })
    #expect(editing.deleteConfirmationTitle(forRowAt: path(0, 0), in: table) == "Remove")
    #expect(editing.deleteConfirmationTitle(forRowAt: path(0, 1), in: table) == "Delete")
    #expect(
        editing.trailingActions(forRowAt: path(0, 0), in: table, isEditing: false)
            == [RowAction(title: "Remove", style: .destructive, handlerID: "delete")])
    #expect(
        editing.trailingActions(forRowAt: path(1, 1), in: table, isEditing: false).map(\.handlerID) == [
            "flag", "trash",
        ])
    #expect(editing.trailingActions(forRowAt: path(1, 1), in: table, isEditing: true).isEmpty)
    let insertOnly = TableEditing(editingStyleForRow: { _, _ in .insert })
    #expect(insertOnly.trailingActions(forRowAt: path(0, 0), in: table, isEditing: false).isEmpty)
}

@Test("leading actions come from their hook, none by default, none in editing mode or on rows that cannot be edited")
func leadingActions() {
    var editing = TableEditing(canEditRow: { _, id in id != RowID(2) })
    #expect(editing.leadingActions(forRowAt: path(0, 0), in: table, isEditing: false).isEmpty)
    let pin = SwipeAction(title: "Pin", effect: .moveTo(.top))
    editing.leadingActionsForRow = { _, _ in [RowAction(pin, handlerID: "leading.0")] }
    let actions = editing.leadingActions(forRowAt: path(0, 0), in: table, isEditing: false)
    #expect(actions == [RowAction(title: "Pin", style: .normal, handlerID: "leading.0", effect: .moveTo(.top))])
    #expect(editing.leadingActions(forRowAt: path(0, 0), in: table, isEditing: true).isEmpty)
    #expect(editing.leadingActions(forRowAt: path(0, 1), in: table, isEditing: false).isEmpty)
    let delete = RowAction(SwipeAction(title: "删除", style: .destructive, effect: .delete), handlerID: "trailing.0")
    #expect(delete.handlerID == RowAction.deleteHandlerID && delete.style == .destructive)
}
