// ListRender — A set of changes to a table applied at once
import Models

/// A set of changes to a table applied at once, with `UITableView.performBatchUpdates` rules.
///
/// - Deletes and reloads (of rows and sections) name index paths **before** the batch.
/// - Inserts name index paths **after** the batch.
/// - A move names its source before the batch and its destination after it.
/// - All deletes happen before all inserts, whatever the order of the calls; the order in which
///   the methods are called changes nothing.
///
/// A new section starts empty; its rows are inserted (or moved in) by row operations whose
/// section index is the new section's index after the batch. A moved section keeps its rows; row
/// operations name it by its index before the batch (deletes, reloads, move sources) or after it
/// (inserts, move destinations), like any other section. Deleting or reloading the same section
/// twice counts once, as an index set does in UIKit, and so does reloading the same row twice; a
/// moved row may also be reloaded. Every other repetition or overlap is an error when the batch is
/// applied (see ``BatchUpdateError``).
public struct BatchUpdate: Sendable, Hashable {
    /// Sections to delete, by index before the batch.
    public var deletedSections: [Int] = []
    /// Sections to insert, by index after the batch, with their new ids.
    public var insertedSections: [SectionInsertion] = []
    /// Sections to reload (their ids stay), by index before the batch.
    public var reloadedSections: [Int] = []
    /// Sections to move, from an index before the batch to one after it.
    public var movedSections: [SectionMove] = []
    /// Rows to delete, by index path before the batch.
    public var deletedRows: [IndexPath] = []
    /// Rows to insert, by index path after the batch, with their new ids.
    public var insertedRows: [RowInsertion] = []
    /// Rows to reload (their ids stay), by index path before the batch.
    public var reloadedRows: [IndexPath] = []
    /// Rows to move, from an index path before the batch to one after it.
    public var movedRows: [RowMove] = []

    /// An empty batch.
    public init() {}

    /// Whether the batch changes nothing.
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
    }

    /// The number of operations in the batch.
    public var operationCount: Int {
        deletedSections.count + insertedSections.count + reloadedSections.count + movedSections.count
            + deletedRows.count + insertedRows.count + reloadedRows.count + movedRows.count
    }

    /// Deletes sections, as `deleteSections(_:with:)`.
    /// - Parameter sections: section indexes before the batch.
    /// - Complexity: O(k) amortized for k sections.
    public mutating func deleteSections(_ sections: [Int]) {
        deletedSections.append(contentsOf: sections)
    }

    /// Inserts one empty section, as `insertSections(_:with:)`.
    /// - Parameters:
    ///   - id: the new section's id.
    ///   - section: its index after the batch.
    /// - Complexity: O(1) amortized.
    public mutating func insertSection(_ id: SectionID, at section: Int) {
        insertedSections.append(SectionInsertion(section: section, id: id))
    }

    /// Inserts empty sections.
    /// - Parameters:
    ///   - ids: the new sections' ids.
    ///   - sections: their indexes after the batch, one per id.
    /// - Complexity: O(k) amortized for k sections.
    public mutating func insertSections(_ ids: [SectionID], at sections: [Int]) {
        precondition(ids.count == sections.count, "insertSections needs one index per id")
        for (id, section) in zip(ids, sections) { insertSection(id, at: section) }
    }

    /// Reloads sections: their ids and rows stay, and they are reported as reloaded.
    /// - Parameter sections: section indexes before the batch.
    /// - Complexity: O(k) amortized for k sections.
    public mutating func reloadSections(_ sections: [Int]) {
        reloadedSections.append(contentsOf: sections)
    }

    /// Moves a section with its rows, as `moveSection(_:toSection:)`.
    /// - Parameters:
    ///   - section: its index before the batch.
    ///   - newSection: its index after the batch.
    /// - Complexity: O(1) amortized.
    public mutating func moveSection(_ section: Int, toSection newSection: Int) {
        movedSections.append(SectionMove(from: section, to: newSection))
    }

    /// Deletes rows, as `deleteRows(at:with:)`.
    /// - Parameter indexPaths: index paths before the batch.
    /// - Complexity: O(k) amortized for k rows.
    public mutating func deleteRows(at indexPaths: [IndexPath]) {
        deletedRows.append(contentsOf: indexPaths)
    }

    /// Inserts one row.
    /// - Parameters:
    ///   - id: the new row's id.
    ///   - indexPath: its index path after the batch.
    /// - Complexity: O(1) amortized.
    public mutating func insertRow(_ id: RowID, at indexPath: IndexPath) {
        insertedRows.append(RowInsertion(indexPath: indexPath, id: id))
    }

    /// Inserts rows, as `insertRows(at:with:)`.
    /// - Parameters:
    ///   - ids: the new rows' ids.
    ///   - indexPaths: their index paths after the batch, one per id.
    /// - Complexity: O(k) amortized for k rows.
    public mutating func insertRows(_ ids: [RowID], at indexPaths: [IndexPath]) {
        precondition(ids.count == indexPaths.count, "insertRows needs one index path per id")
        for (id, indexPath) in zip(ids, indexPaths) { insertRow(id, at: indexPath) }
    }

    /// Reloads rows: their ids stay, and they are reported as reloaded.
    /// - Parameter indexPaths: index paths before the batch.
    /// - Complexity: O(k) amortized for k rows.
    public mutating func reloadRows(at indexPaths: [IndexPath]) {
        reloadedRows.append(contentsOf: indexPaths)
    }

    /// Moves a row, as `moveRow(at:to:)`; it may change section.
    /// - Parameters:
    ///   - indexPath: its index path before the batch.
    ///   - newIndexPath: its index path after the batch.
    /// - Complexity: O(1) amortized.
    public mutating func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        movedRows.append(RowMove(from: indexPath, to: newIndexPath))
    }
}
