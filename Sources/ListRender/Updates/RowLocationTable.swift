// ListRender — A row's position packed in 8 bytes
import Models

/// A row's position packed in 8 bytes, so the id index of a million rows stays small.
struct RowLocation: Sendable, Hashable {
    var section: Int32
    var row: Int32

    init(section: Int, row: Int) {
        self.section = Int32(section)
        self.row = Int32(row)
    }

    static let empty = RowLocation(section: -1, row: -1)

    var indexPath: IndexPath { IndexPath(row: Int(row), section: Int(section)) }
}

/// Row id → position for a whole snapshot.
///
/// Row ids are handed out by a counter, so they are usually dense: when they span at most four
/// times as many values as there are rows, the table is a flat array indexed by `id - lowest`
/// (built with sequential writes, 8 bytes a slot); otherwise it is a dictionary.
struct RowLocationTable: Sendable {
    private enum Storage {
        case dense(lowest: Int64, slots: [RowLocation])
        case sparse([RowID: RowLocation])
    }

    private let storage: Storage

    /// Indexes every row of `sections`.
    /// - Parameters:
    ///   - sections: the snapshot's sections.
    ///   - rowCount: their number of rows.
    ///   - onDuplicate: called with a row id found twice; the later position wins.
    /// - Complexity: O(n), O(n + span) for the flat array.
    init(_ sections: [SnapshotSection], rowCount: Int, onDuplicate: (RowID) -> Void = { _ in }) {
        var lowest = Int64.max
        var highest = Int64.min
        for section in sections {
            for id in section.rows {
                lowest = Swift.min(lowest, id.rawValue)
                highest = Swift.max(highest, id.rawValue)
            }
        }
        let span = highest.subtractingReportingOverflow(lowest)
        if rowCount > 0, !span.overflow, span.partialValue < Int64(4 * rowCount + 1_024) {
            storage = .dense(
                lowest: lowest,
                slots: Self.denseSlots(sections, lowest: lowest, count: Int(span.partialValue) + 1, onDuplicate))
        } else {
            storage = .sparse(Self.dictionary(sections, rowCount: rowCount, onDuplicate))
        }
    }

    /// Where the row with this id is, or nil when no row has it.
    /// - Complexity: O(1) (on average for the dictionary).
    subscript(id: RowID) -> RowLocation? {
        switch storage {
        case .dense(let lowest, let slots):
            let offset = id.rawValue.subtractingReportingOverflow(lowest)
            guard !offset.overflow, offset.partialValue >= 0, offset.partialValue < Int64(slots.count) else {
                return nil
            }
            let location = slots[Int(offset.partialValue)]
            return location.section < 0 ? nil : location
        case .sparse(let table):
            return table[id]
        }
    }

    private static func denseSlots(
        _ sections: [SnapshotSection], lowest: Int64, count: Int, _ onDuplicate: (RowID) -> Void
    ) -> [RowLocation] {
        var slots = [RowLocation](repeating: .empty, count: count)
        slots.withUnsafeMutableBufferPointer { buffer in
            for (sectionIndex, section) in sections.enumerated() {
                for (rowIndex, id) in section.rows.enumerated() {
                    let slot = Int(id.rawValue - lowest)
                    if buffer[slot].section >= 0 { onDuplicate(id) }
                    buffer[slot] = RowLocation(section: sectionIndex, row: rowIndex)
                }
            }
        }
        return slots
    }

    private static func dictionary(
        _ sections: [SnapshotSection], rowCount: Int, _ onDuplicate: (RowID) -> Void
    ) -> [RowID: RowLocation] {
        var table: [RowID: RowLocation] = [:]
        table.reserveCapacity(rowCount)
        for (sectionIndex, section) in sections.enumerated() {
            for (rowIndex, id) in section.rows.enumerated() {
                if table.updateValue(RowLocation(section: sectionIndex, row: rowIndex), forKey: id) != nil {
                    onDuplicate(id)
                }
            }
        }
        return table
    }
}
