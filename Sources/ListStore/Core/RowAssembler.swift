// ListStore — attaches loaded rows to the sections that list them
import Models

/// Attaches rows, sorted by id, to the sections that list them, checking that each row is listed
/// exactly once. Rows are mostly listed in id order (imports hand out ids in order), so the slot
/// after the previous row is tried before a binary search.
struct RowAssembler {
    private let ids: [Int64]
    private let fields: [Fields]
    private var used: [Bool]
    private var hint = 0

    init(ids: [Int64], fields: [Fields]) {
        self.ids = ids
        self.fields = fields
        used = [Bool](repeating: false, count: ids.count)
    }

    /// The rows of `order`, in that order.
    /// - Throws: `corrupt` when a row is not stored or listed twice.
    /// - Complexity: O(n) for rows listed in id order, O(n log rows) at worst.
    mutating func rows(_ order: [Int64], of sectionID: Int64, corrupt: (String) -> StoreError) throws -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(order.count)
        for rowID in order {
            let index: Int
            if hint < ids.count && ids[hint] == rowID {
                index = hint
            } else if let found = Self.index(of: rowID, in: ids) {
                index = found
            } else {
                throw corrupt("row \(rowID) of section \(sectionID) is not stored")
            }
            guard !used[index] else { throw corrupt("row \(rowID) is listed twice") }
            used[index] = true
            hint = index + 1
            rows.append(Row(id: RowID(rowID), fields: fields[index]))
        }
        return rows
    }

    /// The id of the first stored row that no section listed.
    /// - Complexity: O(rows).
    var firstUnused: Int64? { used.firstIndex(of: false).map { ids[$0] } }

    /// Binary search of `id` in the sorted `ids`.
    private static func index(of id: Int64, in ids: [Int64]) -> Int? {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }
}
