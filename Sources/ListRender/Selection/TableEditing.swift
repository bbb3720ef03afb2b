// ListRender — what the data source and delegate allow when rows are edited
import Models

/// What the data source and delegate allow when rows are edited, as the editing methods of
/// `UITableViewDataSource` and `UITableViewDelegate`: every hook receives the row's index path and id.
///
/// Defaults are UIKit's: every row can be edited, with the delete style; rows cannot move unless
/// ``allowsReordering`` is true (the data source implements `moveRow(at:to:)`), and then every row
/// can; the delete confirmation says "Delete"; the move destination is the one proposed; a swipe
/// shows the Delete action.
public struct TableEditing: Sendable {
    /// `tableView(_:canEditRowAt:)`.
    public var canEditRow: @Sendable (IndexPath, RowID) -> Bool
    /// `tableView(_:canMoveRowAt:)`, asked only when ``allowsReordering`` is true.
    public var canMoveRow: @Sendable (IndexPath, RowID) -> Bool
    /// Whether the data source implements `tableView(_:moveRowAt:to:)`.
    public var allowsReordering: Bool
    /// `tableView(_:editingStyleForRowAt:)`.
    public var editingStyleForRow: @Sendable (IndexPath, RowID) -> EditingStyle
    /// `tableView(_:titleForDeleteConfirmationButtonForRowAt:)`; nil gives "Delete".
    public var titleForDeleteConfirmation: @Sendable (IndexPath, RowID) -> String?
    /// `tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)`.
    public var targetIndexPathForMove: @Sendable (_ source: IndexPath, _ proposed: IndexPath) -> IndexPath
    /// `tableView(_:trailingSwipeActionsConfigurationForRowAt:)`; nil gives the default Delete action.
    public var trailingActionsForRow: @Sendable (IndexPath, RowID) -> [RowAction]?
    /// `tableView(_:leadingSwipeActionsConfigurationForRowAt:)`; nil gives none.
    public var leadingActionsForRow: @Sendable (IndexPath, RowID) -> [RowAction]? = { _, _ in nil }

    /// The title of the delete confirmation button when no hook gives one.
    public static let defaultDeleteConfirmationTitle = "Delete"

    /// Creates a policy; the hooks left out keep UIKit's defaults.
    public init(
        canEditRow: @escaping @Sendable (IndexPath, RowID) -> Bool = { _, _ in true },
        canMoveRow: @escaping @Sendable (IndexPath, RowID) -> Bool = { _, _ in true },
        allowsReordering: Bool = false,
        editingStyleForRow: @escaping @Sendable (IndexPath, RowID) -> EditingStyle = { _, _ in .delete },
        titleForDeleteConfirmation: @escaping @Sendable (IndexPath, RowID) -> String? = { _, _ in nil },
        targetIndexPathForMove: @escaping @Sendable (IndexPath, IndexPath) -> IndexPath = { $1 },
        trailingActionsForRow: @escaping @Sendable (IndexPath, RowID) -> [RowAction]? = { _, _ in nil }
    ) {
        self.canEditRow = canEditRow
        self.canMoveRow = canMoveRow
        self.allowsReordering = allowsReordering
        self.editingStyleForRow = editingStyleForRow
        self.titleForDeleteConfirmation = titleForDeleteConfirmation
        self.targetIndexPathForMove = targetIndexPathForMove
        self.trailingActionsForRow = trailingActionsForRow
    }

    /// The row's editing style: none when it cannot be edited, else the hook's.
    /// - Parameters:
    ///   - indexPath: a row of `snapshot`.
    ///   - snapshot: the table.
    /// - Complexity: O(1) plus the hooks.
    public func editingStyle(forRowAt indexPath: IndexPath, in snapshot: TableSnapshot) -> EditingStyle {
        let id = snapshot.rowID(at: indexPath)
        return canEditRow(indexPath, id) ? editingStyleForRow(indexPath, id) : .none
    }

    /// The title of the row's delete confirmation button.
    /// - Returns: the hook's title, or "Delete".
    /// - Complexity: O(1) plus the hook.
    public func deleteConfirmationTitle(forRowAt indexPath: IndexPath, in snapshot: TableSnapshot) -> String {
        titleForDeleteConfirmation(indexPath, snapshot.rowID(at: indexPath)) ?? Self.defaultDeleteConfirmationTitle
    }

    /// The buttons a swipe reveals: none in editing mode or on a row that cannot be edited; else the
    /// hook's actions or, by default, one destructive Delete action (titled as the delete
    /// confirmation) when the row's style is delete.
    /// - Complexity: O(1) plus the hooks.
    public func trailingActions(forRowAt indexPath: IndexPath, in snapshot: TableSnapshot, isEditing: Bool)
        -> [RowAction]
    {
        let id = snapshot.rowID(at: indexPath)
        guard !isEditing, canEditRow(indexPath, id) else { return [] }
        if let actions = trailingActionsForRow(indexPath, id) { return actions }
        guard editingStyleForRow(indexPath, id) == .delete else { return [] }
        let title = deleteConfirmationTitle(forRowAt: indexPath, in: snapshot)
        return [RowAction(title: title, style: .destructive, handlerID: RowAction.deleteHandlerID)]
    }

    /// The buttons a swipe to the right reveals: none in editing mode or on a row that cannot be edited;
    /// else the hook's.
    /// - Complexity: O(1) plus the hooks.
    public func leadingActions(forRowAt indexPath: IndexPath, in snapshot: TableSnapshot, isEditing: Bool)
        -> [RowAction]
    {
        let id = snapshot.rowID(at: indexPath)
        guard !isEditing, canEditRow(indexPath, id) else { return [] }
        return leadingActionsForRow(indexPath, id) ?? []
    }
}
