// ListRender — the id → position tables of one snapshot value
import Models
import Synchronization

/// The id → position tables of one snapshot value, built on first use and then shared by every
/// copy of that value (a snapshot never changes in place, it is replaced).
final class SnapshotIndex: Sendable {
    private let rows = Mutex<RowLocationTable?>(nil)
    private let sectionIndexes = Mutex<[SectionID: Int]?>(nil)

    /// Builds both tables now, stopping the program on a duplicate id.
    /// - Complexity: O(n).
    func buildCheckingUniqueness(_ sections: [SnapshotSection], rowCount: Int) {
        precondition(sections.count < 1 << 30, "too many sections for a table snapshot")
        var sectionTable: [SectionID: Int] = [:]
        sectionTable.reserveCapacity(sections.count)
        for (sectionIndex, section) in sections.enumerated() {
            let previous = sectionTable.updateValue(sectionIndex, forKey: section.id)
            precondition(previous == nil, "duplicate section id \(section.id) in a table snapshot")
            precondition(section.rows.count < Int(Int32.max), "too many rows in one section")
        }
        let rowTable = RowLocationTable(sections, rowCount: rowCount) { id in
            preconditionFailure("duplicate row id \(id) in a table snapshot")
        }
        rows.withLock { $0 = rowTable }
        sectionIndexes.withLock { $0 = sectionTable }
    }

    /// Takes a row table made another way (a snapshot whose ids are known to count up in reading order).
    /// - Complexity: O(1).
    func preset(_ table: RowLocationTable) {
        rows.withLock { $0 = table }
    }

    /// Runs `body` with the row table, building it first if needed.
    /// - Complexity: O(1) plus `body`; O(n) for the first call.
    func withRowLocations<Result: Sendable>(
        _ sections: [SnapshotSection], rowCount: Int, _ body: (RowLocationTable) -> Result
    ) -> Result {
        rows.withLock { table in
            if table == nil { table = RowLocationTable(sections, rowCount: rowCount) }
            return body(table!)
        }
    }

    /// Runs `body` with the section dictionary, building it first if needed.
    /// - Complexity: O(1) plus `body`; O(sections) for the first call.
    func withSectionIndexes<Result: Sendable>(
        _ sections: [SnapshotSection], _ body: ([SectionID: Int]) -> Result
    ) -> Result {
        sectionIndexes.withLock { table in
            if table == nil {
                var built: [SectionID: Int] = [:]
                built.reserveCapacity(sections.count)
                for (sectionIndex, section) in sections.enumerated() { built[section.id] = sectionIndex }
                table = built
            }
            return body(table!)
        }
    }
}
