// Library — what a dataset version allows when its rows are edited, as the engine's TableEditing
import ListRender
import Models

extension DatasetEntry {
    /// What `dataset` allows when its rows are edited, in the engine's own terms (``TableEditing``, the
    /// editing methods of `UITableViewDataSource` and `UITableViewDelegate`): which rows can be edited and
    /// moved, their editing style, the delete button's title, the swipe actions of each side, and where a
    /// dragged row may land. Batches are checked against it; the page draws what fragments say from it.
    /// - Complexity: O(1); the hooks read the row's dictionary when asked.
    static func editing(of dataset: Dataset, metrics: TableMetrics, actions: RowActionLevels) -> TableEditing {
        let sections = dataset.sections
        let isTable = dataset.kind.isTableDocument
        @Sendable func fields(_ at: IndexPath) -> Fields { sections[at.section].rows[at.row].fields }
        @Sendable func swipeable(_ at: IndexPath) -> Bool { metrics.rowCanBeEdited(fields(at)) }
        var editing = TableEditing(
            canEditRow: { at, _ in isTable ? TableCell(fields(at)).editingStyle != .none : metrics.rowCanBeEdited(fields(at)) },
            canMoveRow: { at, _ in metrics.rowCanBeMoved(fields(at)) },
            allowsReordering: true,
            editingStyleForRow: { at, _ in
                guard isTable else { return .delete }
                return EditingStyle(rawValue: TableCell(fields(at)).editingStyle.rawValue) ?? .none
            },
            titleForDeleteConfirmation: { at, _ in actions.actions(section: at.section, rowFields: fields(at)).deleteTitle?.fallback },
            targetIndexPathForMove: { source, proposed in
                // moveWithinSection: targetIndexPathForMove keeps the row in its section, at the nearest end.
                guard sections[source.section].fields[TableDocument.moveWithinSectionKey]?.flag == true,
                    proposed.section != source.section
                else { return proposed }
                let last = sections[source.section].rows.count - 1
                return IndexPath(row: proposed.section < source.section ? 0 : last, section: source.section)
            },
            trailingActionsForRow: { at, _ in
                guard swipeable(at) else { return [] }
                return actions.actions(section: at.section, rowFields: fields(at)).trailing?.enumerated()
                    .map { RowAction($1, handlerID: "trailing.\($0)") }
            })
        editing.leadingActionsForRow = { at, _ in
            guard swipeable(at) else { return [] }
            return actions.actions(section: at.section, rowFields: fields(at)).leading?.enumerated()
                .map { RowAction($1, handlerID: "leading.\($0)") }
        }
        return editing
    }
}
