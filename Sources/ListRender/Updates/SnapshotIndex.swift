// ListServer — ListRender
import Models
import Synchronization

/// A row's position packed in 8 bytes, so the id index of a million rows stays small.
struct RowLocation: Sendable, Hashable {
    var section: Int32
    var row: Int32

    init(section: Int, row: Int) {
        self.section = Int32(section)
        self.row = Int32(row)
    }

    var indexPath: IndexPath { IndexPath(row: Int(row), section: Int(section)) }
}

/// The id → position dictionaries of one snapshot value, built on first use and then shared
/// by every copy of that value (the snapshot never changes in place, it is replaced).
final class SnapshotIndex: Sendable {
    private let rows = Mutex<[RowID: RowLocation]?>(nil)
    private let sectionIndexes = Mutex<[SectionID: Int]?>(nil)

    /// Builds both dictionaries now, stopping the program on a duplicate id.
    /// - Complexity: O(n).
    func buildCheckingUniqueness(_ sections: [SnapshotSection], rowCount: Int) {
        precondition(sections.count < Int(Int32.max), "too many sections for a table snapshot")
        var sectionTable: [SectionID: Int] = [:]
        sectionTable.reserveCapacity(sections.count)
        var rowTable: [RowID: RowLocation] = [:]
        rowTable.reserveCapacity(rowCount)
        for (sectionIndex, section) in sections.enumerated() {
            let previous = sectionTable.updateValue(sectionIndex, forKey: section.id)
            precondition(previous == nil, "duplicate section id \(section.id) in a table snapshot")
            precondition(section.rows.count < Int(Int32.max), "too many rows in one section")
            for (rowIndex, id) in section.rows.enumerated() {
                let old = rowTable.updateValue(RowLocation(section: sectionIndex, row: rowIndex), forKey: id)
                precondition(old == nil, "duplicate row id \(id) in a table snapshot")
            }
        }
        rows.withLock { $0 = rowTable }
        sectionIndexes.withLock { $0 = sectionTable }
    }

    /// Runs `body` with the row dictionary, building it first if needed.
    /// - Complexity: O(1) plus `body`; O(n) for the first call.
    func withRowLocations<Result: Sendable>(
        _ sections: [SnapshotSection], rowCount: Int, _ body: ([RowID: RowLocation]) -> Result
    ) -> Result {
        rows.withLock { table in
            if table == nil { table = Self.rowTable(sections, rowCount: rowCount) }
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

    private static func rowTable(_ sections: [SnapshotSection], rowCount: Int) -> [RowID: RowLocation] {
        var table: [RowID: RowLocation] = [:]
        table.reserveCapacity(rowCount)
        for (sectionIndex, section) in sections.enumerated() {
            for (rowIndex, id) in section.rows.enumerated() {
                table[id] = RowLocation(section: sectionIndex, row: rowIndex)
            }
        }
        return table
    }
}
