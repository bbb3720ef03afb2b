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

@Test("a row that cannot be edited has no style and no swipe actions")
func uneditableRow() {
    let editing = TableEditing(canEditRow: { _, id in id != RowID(2) })
    #expect(editing.editingStyle(forRowAt: path(0, 1), in: table) == .none)
    #expect(editing.trailingActions(forRowAt: path(0, 1), in: table, isEditing: false).isEmpty)
    #expect(editing.editingStyle(forRowAt: path(0, 0), in: table) == .delete)
}

@Test("rows that cannot move show no reorder control, as the seed's first rows that stay put")
func rowsThatCannotMove() {
    let editing = TableEditing(canMoveRow: { path, _ in path.row != 0 }, allowsReordering: true)
    #expect(!editing.canMove(rowAt: path(1, 0), in: table))
    #expect(editing.canMove(rowAt: path(1, 1), in: table))
    #expect(!TableEditing(canMoveRow: { _, _ in true }).canMove(rowAt: path(1, 1), in: table))
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
