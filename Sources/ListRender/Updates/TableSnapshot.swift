// ListRender — the identity skeleton of a table
import Models

/// The identity skeleton of a table: its sections in order, each with its rows' ids in order.
///
/// A snapshot is a value; it changes only by applying a ``BatchUpdate`` (``applying(_:)``), which
/// checks the whole batch first. Every row id and every section id occurs once.
///
/// Lookups by id (``indexPath(for:)``, ``sectionIndex(for:)``) use an index built on first use and
/// kept for the life of the snapshot value, so they cost O(1) on average after one O(n) build.
public struct TableSnapshot: Sendable {
    /// The sections in display order.
    public private(set) var sections: [SnapshotSection]
    /// The number of rows in all sections.
    public private(set) var rowCount: Int
    let index: SnapshotIndex

    /// An empty table: no sections.
    public init() {
        self.init(validatedSections: [], rowCount: 0)
    }

    /// Creates a snapshot and builds its id index at once.
    /// - Parameter sections: the sections in order; every row id and section id must be unique
    ///   (a duplicate is a programmer error and stops the program).
    /// - Complexity: O(n) in the number of rows.
    public init(sections: [SnapshotSection]) {
        let count = sections.reduce(0) { $0 + $1.rows.count }
        self.init(validatedSections: sections, rowCount: count)
        index.buildCheckingUniqueness(sections, rowCount: count)
    }

    /// Creates a snapshot with the ids of a dataset's sections and rows, which a dataset keeps unique.
    ///
    /// A dataset read from a file numbers its rows in reading order: then the id index is where each
    /// section starts, made at once. Otherwise the first lookup (a batch, an anchored window) builds it.
    /// - Parameter sections: the dataset's sections, in order.
    /// - Complexity: O(n) in the number of rows.
    public init(_ sections: [Models.Section]) {
        var rowCount = 0
        var consecutive = true
        let first = sections.lazy.compactMap(\.rows.first).first?.id ?? RowID(0)
        let snapshotSections = sections.map { section in
            let ids = section.rows.map(\.id)
            if consecutive {
                for (offset, id) in ids.enumerated() where id.rawValue != first.rawValue &+ Int64(rowCount + offset) {
                    consecutive = false
                    break
                }
            }
            rowCount += ids.count
            return SnapshotSection(id: section.id, rows: ids)
        }
        self.init(validatedSections: snapshotSections, rowCount: rowCount)
        if consecutive, rowCount > 0 {
            index.preset(RowLocationTable(consecutiveFrom: first, sections: snapshotSections))
        }
        checkInvariants()
    }

    /// A snapshot whose ids are known to be unique; its index is built lazily.
    init(validatedSections sections: [SnapshotSection], rowCount: Int) {
        self.sections = sections
        self.rowCount = rowCount
        self.index = SnapshotIndex()
    }

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The number of rows in one section.
    /// - Parameter section: a section index, `0..<numberOfSections`.
    /// - Complexity: O(1).
    public func numberOfRows(inSection section: Int) -> Int {
        sections[section].rows.count
    }

    /// The id of the row at an index path.
    /// - Parameter indexPath: a valid index path in this snapshot.
    /// - Complexity: O(1).
    public func rowID(at indexPath: IndexPath) -> RowID {
        sections[indexPath.section].rows[indexPath.row]
    }

    /// The id of the section at an index.
    /// - Complexity: O(1).
    public func sectionID(at section: Int) -> SectionID {
        sections[section].id
    }

    /// Whether an index path names a row of this snapshot.
    /// - Complexity: O(1).
    public func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.section >= 0 && indexPath.section < sections.count
            && indexPath.row >= 0 && indexPath.row < sections[indexPath.section].rows.count
    }

    /// Where a row is.
    /// - Parameter id: a row id.
    /// - Returns: the row's index path, or nil when no row has this id.
    /// - Complexity: O(1) on average; the first id lookup on a snapshot builds its index in O(n).
    public func indexPath(for id: RowID) -> IndexPath? {
        index.withRowLocations(sections, rowCount: rowCount) { $0[id]?.indexPath }
    }

    /// Whether a row with this id is in the snapshot.
    /// - Complexity: as ``indexPath(for:)``.
    public func contains(_ id: RowID) -> Bool {
        indexPath(for: id) != nil
    }

    /// Where a section is.
    /// - Parameter id: a section id.
    /// - Returns: the section's index, or nil when no section has this id.
    /// - Complexity: O(1) on average; the first lookup builds the section index in O(sections).
    public func sectionIndex(for id: SectionID) -> Int? {
        index.withSectionIndexes(sections) { $0[id] }
    }

    /// The row ids of the whole table in display order, section after section.
    /// - Complexity: O(n).
    public var allRowIDs: [RowID] {
        var ids: [RowID] = []
        ids.reserveCapacity(rowCount)
        for section in sections { ids.append(contentsOf: section.rows) }
        return ids
    }
}

extension TableSnapshot: Equatable {
    /// Two snapshots are equal when they have the same sections with the same rows in the same order.
    /// - Complexity: O(n).
    public static func == (lhs: TableSnapshot, rhs: TableSnapshot) -> Bool {
        lhs.rowCount == rhs.rowCount && lhs.sections == rhs.sections
    }
}

extension TableSnapshot: CustomStringConvertible {
    /// The sections as `s1[r1, r2] s2[]`.
    public var description: String {
        sections.map { "\($0.id)[\($0.rows.map(\.description).joined(separator: ", "))]" }
            .joined(separator: " ")
    }
}

extension TableSnapshot {
    /// Checks, in debug builds only, that the row count matches the sections and that no section
    /// id occurs twice (row ids are checked when the batch is resolved).
    /// - Complexity: O(s) in debug builds, nothing in release builds.
    func checkInvariants() {
        #if DEBUG
            precondition(rowCount == sections.reduce(0) { $0 + $1.rows.count }, "snapshot row count is wrong")
            precondition(Set(sections.map(\.id)).count == sections.count, "snapshot has a section id twice")
        #endif
    }

    /// The whole id → location table, built if needed, for bulk lookups without a lock per id.
    /// - Complexity: O(1); O(n) the first time.
    func rowLocationTable() -> RowLocationTable {
        index.withRowLocations(sections, rowCount: rowCount) { $0 }
    }
}
