// ListRender — where each row of a snapshot is, by id
import Models

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

/// Row id → position for a whole snapshot.
///
/// Row ids are handed out by a counter, so a table read from a file numbers its rows in reading order:
/// then a row's place in the whole table is `id - lowest` and the table keeps only where each section
/// starts. Otherwise ids are usually still dense: when they span at most four times as many values as
/// there are rows, the table is a flat array indexed by `id - lowest` whose slots hold the row's place,
/// counted from 1 (4 bytes a slot, 0 for no row). Either way the section is found among the sections'
/// first places. Ids spread wider go into a dictionary.
struct RowLocationTable: Sendable {
    private enum Storage {
        case consecutive(lowest: Int64, rowCount: Int, sectionStarts: [Int])
        case dense(lowest: Int64, slots: [UInt32], sectionStarts: [Int])
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
        var consecutive = true
        var expected = sections.lazy.compactMap(\.rows.first).first?.rawValue ?? 0
        for section in sections {
            for id in section.rows {
                lowest = Swift.min(lowest, id.rawValue)
                highest = Swift.max(highest, id.rawValue)
                consecutive = consecutive && id.rawValue == expected
                expected &+= 1
            }
        }
        let span = highest.subtractingReportingOverflow(lowest)
        let dense = rowCount > 0 && rowCount < Int(UInt32.max) && !span.overflow
            && span.partialValue < Int64(4 * rowCount + 1_024)
        if consecutive, rowCount > 0 {
            storage = Self.consecutiveStorage(from: lowest, sections)
        } else if dense {
            storage = .dense(
                lowest: lowest,
                slots: Self.denseSlots(sections, lowest: lowest, count: Int(span.partialValue) + 1, onDuplicate),
                sectionStarts: Self.sectionStarts(sections))
        } else {
            storage = .sparse(Self.dictionary(sections, rowCount: rowCount, onDuplicate))
        }
    }

    /// The table of sections whose row ids count up by one from `first` in reading order.
    /// - Complexity: O(s) for s sections.
    init(consecutiveFrom first: RowID, sections: [SnapshotSection]) {
        storage = Self.consecutiveStorage(from: first.rawValue, sections)
    }

    private static func consecutiveStorage(from lowest: Int64, _ sections: [SnapshotSection]) -> Storage {
        let starts = sectionStarts(sections)
        return .consecutive(lowest: lowest, rowCount: starts.last ?? 0, sectionStarts: starts)
    }

    /// Where the row with this id is, or nil when no row has it.
    /// - Complexity: O(log s) for s sections, but O(1) on average for ids spread wide (a dictionary).
    subscript(id: RowID) -> RowLocation? {
        switch storage {
        case .consecutive(let lowest, let rowCount, let sectionStarts):
            let offset = id.rawValue.subtractingReportingOverflow(lowest)
            guard !offset.overflow, offset.partialValue >= 0, offset.partialValue < Int64(rowCount) else {
                return nil
            }
            return Self.location(ofPlace: Int(offset.partialValue), sectionStarts: sectionStarts)
        case .dense(let lowest, let slots, let sectionStarts):
            let offset = id.rawValue.subtractingReportingOverflow(lowest)
            guard !offset.overflow, offset.partialValue >= 0, offset.partialValue < Int64(slots.count) else {
                return nil
            }
            let place = slots[Int(offset.partialValue)]
            guard place > 0 else { return nil }
            return Self.location(ofPlace: Int(place) - 1, sectionStarts: sectionStarts)
        case .sparse(let table):
            return table[id]
        }
    }

    /// Where each section starts in the whole table, then the number of rows.
    /// - Complexity: O(s).
    private static func sectionStarts(_ sections: [SnapshotSection]) -> [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(sections.count + 1)
        var start = 0
        for section in sections {
            starts.append(start)
            start += section.rows.count
        }
        starts.append(start)
        return starts
    }

    /// The section and row of the row at `place` in the whole table: the last section starting at or
    /// before it (empty sections start where the next one does, so the search passes over them).
    /// - Complexity: O(log s).
    private static func location(ofPlace place: Int, sectionStarts: [Int]) -> RowLocation {
        var low = 0
        var high = sectionStarts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if sectionStarts[middle] <= place { low = middle } else { high = middle }
        }
        return RowLocation(section: low, row: place - sectionStarts[low])
    }

    private static func denseSlots(
        _ sections: [SnapshotSection], lowest: Int64, count: Int, _ onDuplicate: (RowID) -> Void
    ) -> [UInt32] {
        var slots = [UInt32](repeating: 0, count: count)
        slots.withUnsafeMutableBufferPointer { buffer in
            var place: UInt32 = 0
            for section in sections {
                for id in section.rows {
                    place += 1
                    let slot = Int(id.rawValue - lowest)
                    if buffer[slot] != 0 { onDuplicate(id) }
                    buffer[slot] = place
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
