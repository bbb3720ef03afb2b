// ListRender — which rows are selected
import Models

/// Which rows are selected, kept by stable ``RowID`` so the selection follows rows through batch
/// updates, with UIKit's selection settings and editing mode.
///
/// Rules, as `UITableView` has them:
/// - Outside editing, the user can select when `allowsSelection` is true, several rows when
///   `allowsMultipleSelection` is also true.
/// - In editing mode, the user can select when `allowsSelectionDuringEditing` or
///   `allowsMultipleSelectionDuringEditing` is true, several rows when the latter is.
/// - ``tapRow(at:in:hooks:)`` is the user's tap and calls the delegate hooks;
///   ``selectRow(at:in:)`` and ``deselectRow(at:in:)`` are the programmatic calls and call none.
/// - Changing a setting so that the current mode no longer allows the selection (selection
///   forbidden, or several rows selected in single selection) clears it.
public struct TableSelection: Sendable, Equatable {
    /// Whether the user can select rows outside editing mode. Default true.
    public var allowsSelection = true { didSet { enforceRules() } }
    /// Whether the user can select several rows outside editing mode. Default false.
    public var allowsMultipleSelection = false { didSet { enforceRules() } }
    /// Whether the user can select rows in editing mode. Default false.
    public var allowsSelectionDuringEditing = false { didSet { enforceRules() } }
    /// Whether the user can select several rows in editing mode. Default false.
    public var allowsMultipleSelectionDuringEditing = false { didSet { enforceRules() } }
    /// Whether the table is in editing mode; change it with ``setEditing(_:)``.
    public internal(set) var isEditing = false
    /// The selected rows.
    public internal(set) var selectedRowIDs: Set<RowID> = []

    /// A selection with UIKit's default settings and nothing selected.
    public init(
        allowsSelection: Bool = true, allowsMultipleSelection: Bool = false,
        allowsSelectionDuringEditing: Bool = false, allowsMultipleSelectionDuringEditing: Bool = false
    ) {
        self.allowsSelection = allowsSelection
        self.allowsMultipleSelection = allowsMultipleSelection
        self.allowsSelectionDuringEditing = allowsSelectionDuringEditing
        self.allowsMultipleSelectionDuringEditing = allowsMultipleSelectionDuringEditing
    }

    /// The selection rules of one mode.
    struct Rules: Equatable {
        var allowsSelection: Bool
        var allowsMultiple: Bool
    }

    /// The rules of editing mode (`editing == true`) or of the normal mode.
    func rules(editing: Bool) -> Rules {
        editing
            ? Rules(
                allowsSelection: allowsSelectionDuringEditing || allowsMultipleSelectionDuringEditing,
                allowsMultiple: allowsMultipleSelectionDuringEditing)
            : Rules(allowsSelection: allowsSelection, allowsMultiple: allowsSelection && allowsMultipleSelection)
    }

    /// Whether the user can select rows in the current mode.
    public var allowsSelectionNow: Bool { rules(editing: isEditing).allowsSelection }

    /// Whether the user can select several rows in the current mode.
    public var allowsMultipleSelectionNow: Bool { rules(editing: isEditing).allowsMultiple }

    /// Whether a row is selected.
    /// - Complexity: O(1) on average.
    public func isSelected(_ id: RowID) -> Bool { selectedRowIDs.contains(id) }

    /// The selected rows' index paths in a snapshot, ascending; rows not in it are left out.
    /// - Complexity: O(k log k) for k selected rows, plus the snapshot's index build the first time.
    public func indexPathsForSelectedRows(in snapshot: TableSnapshot) -> [IndexPath] {
        selectedRowIDs.compactMap(snapshot.indexPath(for:)).sorted()
    }

    /// The first selected row's index path, as `indexPathForSelectedRow`.
    /// - Returns: the smallest selected index path, or nil when no row of the snapshot is selected.
    /// - Complexity: O(k) for k selected rows.
    public func indexPathForSelectedRow(in snapshot: TableSnapshot) -> IndexPath? {
        selectedRowIDs.compactMap(snapshot.indexPath(for:)).min()
    }

    /// Selects a row without calling any hook, as `selectRow(at:animated:scrollPosition:)`. In single
    /// selection the row replaces the selection. Does nothing when the current mode forbids selection.
    /// - Parameters:
    ///   - indexPath: the row, or nil to clear the selection.
    ///   - snapshot: the table the index path refers to.
    /// - Complexity: O(1) on average; O(k) to replace k selected rows.
    public mutating func selectRow(at indexPath: IndexPath?, in snapshot: TableSnapshot) {
        guard let indexPath else {
            deselectAll()
            return
        }
        let current = rules(editing: isEditing)
        guard current.allowsSelection else { return }
        let id = snapshot.rowID(at: indexPath)
        if !current.allowsMultiple { selectedRowIDs.removeAll() }
        selectedRowIDs.insert(id)
    }

    /// Deselects a row without calling any hook, as `deselectRow(at:animated:)`.
    /// - Complexity: O(1) on average.
    public mutating func deselectRow(at indexPath: IndexPath, in snapshot: TableSnapshot) {
        selectedRowIDs.remove(snapshot.rowID(at: indexPath))
    }

    /// Selects every row of the snapshot when the current mode allows multiple selection.
    /// - Complexity: O(n).
    public mutating func selectAll(in snapshot: TableSnapshot) {
        guard allowsMultipleSelectionNow else { return }
        selectedRowIDs = Set(snapshot.allRowIDs)
    }

    /// Clears the selection without calling any hook.
    /// - Complexity: O(k) for k selected rows.
    public mutating func deselectAll() {
        selectedRowIDs.removeAll()
    }

    /// Clears the selection when the current mode's rules no longer allow it.
    private mutating func enforceRules() {
        let current = rules(editing: isEditing)
        if !current.allowsSelection || (!current.allowsMultiple && selectedRowIDs.count > 1) {
            selectedRowIDs.removeAll()
        }
    }
}
