// ListRender — checks a ``BatchUpdate`` against a snapshot as a whole and works out
import Models

/// Checks a ``BatchUpdate`` against a snapshot as a whole and works out where every section and
/// row ends up; nothing is built until every check has passed.
///
/// The work is in four passes, each in its own file: sections (`+Sections`), rows (`+Rows`),
/// identifiers (`+Identifiers`) and the new snapshot with its steps (`+Result`).
struct BatchResolver {
    /// What happens to a section of the old snapshot.
    enum SectionFate: UInt8 {
        case stays, deleted, moved
    }

    /// Where a section after the batch comes from.
    enum SectionSource {
        case old(Int)
        case inserted(SectionID)
    }

    /// A row operation's index path and kind packed in one integer for sorting
    /// (`section << 34 | row << 2 | kind`), with the position of the operation in its list in the
    /// batch. Only index paths already checked to be in range are packed.
    struct RowMark {
        var key: UInt64
        var operation: Int

        init(_ path: IndexPath, kind: UInt8, operation: Int) {
            key = UInt64(path.section) << 34 | UInt64(path.row) << 2 | UInt64(kind)
            self.operation = operation
        }

        var section: Int { Int(key >> 34) }
        var row: Int { Int((key >> 2) & 0xFFFF_FFFF) }
        var kind: UInt8 { UInt8(key & 3) }
        var indexPath: IndexPath { IndexPath(row: row, section: section) }

        /// Whether two marks name the same index path.
        func isAtSamePlace(as other: RowMark) -> Bool { key >> 2 == other.key >> 2 }
    }

    /// Kinds of ``RowMark``, in the order conflicts are reported.
    enum MarkKind {
        static let delete: UInt8 = 0
        static let move: UInt8 = 1
        static let reload: UInt8 = 2
        static let insert: UInt8 = 0
    }

    let old: TableSnapshot
    let batch: BatchUpdate

    // Sections.
    var sectionFate: [SectionFate] = []
    var deletedSectionCount = 0
    var reloadedSections: [Int] = []
    var newSources: [SectionSource] = []
    var oldToNewSection: [Int] = []

    // Rows, before the batch: deletes and move sources sorted by index path; reloads.
    var removals: [RowMark] = []
    var removalOffsets: [Int] = []
    var reloadedRows: [IndexPath] = []

    // Rows, after the batch: inserts and move destinations sorted by index path.
    var placements: [RowMark] = []
    var placementOffsets: [Int] = []

    init(old: TableSnapshot, batch: BatchUpdate) {
        self.old = old
        self.batch = batch
    }

    /// Checks the whole batch.
    /// - Throws: the first inconsistency found, checking sections before rows, and indexes before the
    ///   batch before indexes after it.
    /// - Complexity: O(s + k log k) for s sections and k row operations, plus an O(n) index build
    ///   when rows are inserted into a snapshot whose index was never built.
    mutating func resolve() throws(BatchUpdateError) {
        try resolveSections()
        try resolveRowSources()
        try resolveRowDestinations()
        try checkIdentifiers()
    }

    /// The number of sections after the batch.
    var newSectionCount: Int { newSources.count }

    /// The number of rows a section has after the batch.
    /// - Complexity: O(1).
    func newRowCount(inSection section: Int) -> Int {
        let placed = placementOffsets[section + 1] - placementOffsets[section]
        guard case .old(let oldSection) = newSources[section] else { return placed }
        let removed = removalOffsets[oldSection + 1] - removalOffsets[oldSection]
        return old.sections[oldSection].rows.count - removed + placed
    }

    /// Offsets of each group in a list of marks sorted by section: group `s` is
    /// `offsets[s]..<offsets[s + 1]`.
    /// - Complexity: O(marks + sections).
    static func groupOffsets(_ marks: [RowMark], sectionCount: Int) -> [Int] {
        var offsets = Array(repeating: 0, count: sectionCount + 1)
        for mark in marks { offsets[mark.section + 1] += 1 }
        for section in 0..<sectionCount { offsets[section + 1] += offsets[section] }
        return offsets
    }
}
