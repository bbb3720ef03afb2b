// ListRender — which rows are selected
import Models

/// Which rows are selected, kept by stable ``RowID`` so the selection follows rows through batch
/// updates, under UIKit's selection settings for the mode the table is in.
///
/// Rules, as `UITableView` has them:
/// - Outside editing, the user can select when `allowsSelection` is true, several rows when
///   `allowsMultipleSelection` is also true.
/// - In editing mode, the user can select when `allowsSelectionDuringEditing` or
///   `allowsMultipleSelectionDuringEditing` is true, several rows when the latter is.
/// - ``tapRow(at:in:hooks:)`` is the user's tap and calls the delegate hooks in UIKit's order.
///
/// The server keeps a choice list's checkmarks as one (``BatchPlanner`` in ListServer): the checked rows
/// are the selection, and a tap's deselections are the checkmarks it takes away.
public struct TableSelection: Sendable, Equatable {
    /// Whether the user can select rows outside editing mode. Default true.
    public let allowsSelection: Bool
    /// Whether the user can select several rows outside editing mode. Default false.
    public let allowsMultipleSelection: Bool
    /// Whether the user can select rows in editing mode. Default false.
    public let allowsSelectionDuringEditing: Bool
    /// Whether the user can select several rows in editing mode. Default false.
    public let allowsMultipleSelectionDuringEditing: Bool
    /// Whether the table is in editing mode.
    public let isEditing: Bool
    /// The selected rows.
    public internal(set) var selectedRowIDs: Set<RowID>

    /// A selection with UIKit's default settings unless given, outside editing unless `isEditing`.
    /// - Parameter selected: the rows selected at the start, e.g. a choice list's checked rows.
    public init(
        allowsSelection: Bool = true, allowsMultipleSelection: Bool = false,
        allowsSelectionDuringEditing: Bool = false, allowsMultipleSelectionDuringEditing: Bool = false,
        isEditing: Bool = false, selected: Set<RowID> = []
    ) {
        self.allowsSelection = allowsSelection
        self.allowsMultipleSelection = allowsMultipleSelection
        self.allowsSelectionDuringEditing = allowsSelectionDuringEditing
        self.allowsMultipleSelectionDuringEditing = allowsMultipleSelectionDuringEditing
        self.isEditing = isEditing
        selectedRowIDs = selected
    }

    /// The selection rules of one mode.
    struct Rules: Equatable {
        var allowsSelection: Bool
        var allowsMultiple: Bool
    }

    /// The rules of the mode the table is in.
    var rules: Rules {
        isEditing
            ? Rules(
                allowsSelection: allowsSelectionDuringEditing || allowsMultipleSelectionDuringEditing,
                allowsMultiple: allowsMultipleSelectionDuringEditing)
            : Rules(allowsSelection: allowsSelection, allowsMultiple: allowsSelection && allowsMultipleSelection)
    }

    /// Whether a row is selected.
    /// - Complexity: O(1) on average.
    public func isSelected(_ id: RowID) -> Bool { selectedRowIDs.contains(id) }
}
