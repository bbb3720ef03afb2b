// ListRender — matches a dataset's rows and sections to a replacement's, so that a replace can be a diff
import Models

/// Matches the rows and sections of a dataset to those of a replacement (the same list read again from a
/// new file, with fresh ids), so that the replace can be applied as a diff, as a diffable data source's
/// `apply(snapshot, animatingDifferences: true)` is:
/// - rows by their `id` key when the replacement's rows have one, otherwise by equal content: in order
///   first, then anywhere; a row left over takes the first unmatched old row between the places of its
///   matched neighbours (an update);
/// - sections by equal keys, in order (a flat list's one section always).
///
/// Matched rows and sections keep their old ids; the others get new ids from the old dataset's id space.
/// ``snapshot`` is the replacement as a snapshot in those ids, for ``SnapshotDiff``.
public struct ReplacementMatch: Sendable {
    /// The replacement in the matched ids.
    public let snapshot: TableSnapshot
    /// The rows whose content is new: inserted rows and the new fields of updated ones, by id.
    public let newRows: [RowID: Row]
    /// The replacement's sections that match none, by their new id, without their rows.
    public let newSections: [SectionID: Section]
    /// Matched rows whose content changed, in the replacement's order.
    public let updatedIDs: [RowID]
    /// The ids given to new rows and sections, in the replacement's order.
    public let insertedRowIDs: [RowID]
    public let insertedSectionIDs: [SectionID]
    /// The next id to hand out after the new ones.
    public let nextID: Int64

    /// How a row is recognised across the two versions.
    private enum MatchKey: Hashable {
        /// The value of the row's `id` key.
        case identifier(FieldValue)
        /// The row's whole content.
        case content(Fields)
    }

    /// Matches `replacement` to `old`.
    /// - Complexity: O(n α(n)) for n rows of both: rows in order are each compared with their counterpart,
    ///   rows out of order are hashed, and the rows left are placed with ``NextUnused``, which passes each
    ///   old row once however the matched rows jump back and forth.
    public init(_ old: Dataset, _ replacement: Dataset) {
        self.init(old, replacement, deadline: .never)!
    }

    /// Matches `replacement` to `old` unless `deadline` passes first.
    /// - Returns: nil when the deadline passed before the match was made (read every
    ///   ``WorkDeadline/stride`` rows of each pass, and once at the end).
    /// - Complexity: as ``init(_:_:)``, at most until the deadline and one stride of rows more.
    public init?(_ old: Dataset, _ replacement: Dataset, deadline: WorkDeadline) {
        var steps = 0
        func outOfTime() -> Bool {
            steps += 1
            return deadline.hasPassed(at: steps)
        }
        var nextID = old.nextID
        func makeID() -> Int64 {
            defer { nextID += 1 }
            return nextID
        }

        var oldSectionsByFields: [Fields: [Int]] = [:]
        for (index, section) in old.sections.enumerated().reversed() {
            oldSectionsByFields[section.fields, default: []].append(index)
        }
        let isFlat = old.shape.rowsKey == nil && old.sections.count == 1 && replacement.sections.count == 1
        var sectionIDs: [SectionID] = []
        var oldSectionOfNew: [Int?] = []
        var newSections: [SectionID: Section] = [:]
        var insertedSectionIDs: [SectionID] = []
        for section in replacement.sections {
            let match = isFlat ? 0 : oldSectionsByFields[section.fields]?.popLast()
            oldSectionOfNew.append(match)
            if let match {
                sectionIDs.append(old.sections[match].id)
            } else {
                let id = SectionID(makeID())
                sectionIDs.append(id)
                newSections[id] = Section(id: id, fields: section.fields, rowsKeyIndex: section.rowsKeyIndex, rows: [])
                insertedSectionIDs.append(id)
            }
        }

        let byIdentifier = replacement.sections.contains { $0.rows.contains { $0.fields["id"] != nil } }
        func key(_ row: Row) -> MatchKey {
            byIdentifier ? .identifier(row.fields["id"] ?? .null) : .content(row.fields)
        }
        func same(_ left: Row, _ right: Row) -> Bool {
            byIdentifier ? left.fields["id"] == right.fields["id"] : left.fields == right.fields
        }
        var matched: [[RowID?]] = replacement.sections.map { [RowID?](repeating: nil, count: $0.rows.count) }
        // For a matched row, its place in the old section its new section continues (-1: elsewhere).
        var matchedPlace: [[Int]] = replacement.sections.map { [Int](repeating: -1, count: $0.rows.count) }
        var used: [[Bool]] = old.sections.map { [Bool](repeating: false, count: $0.rows.count) }
        // The old content of rows that may have changed: matched by `id` key or by place.
        var oldFields: [RowID: Fields] = [:]
        func take(_ section: Int, _ position: Int, oldSection: Int, place: Int) {
            let row = old.sections[oldSection].rows[place]
            matched[section][position] = row.id
            if oldSection == oldSectionOfNew[section] { matchedPlace[section][position] = place }
            used[oldSection][place] = true
        }
        // Rows in order first: most of a replaced file is the same rows in the same order, around a few
        // inserted, deleted or changed ones.
        for (section, oldSection) in oldSectionOfNew.enumerated() {
            guard let oldSection else { continue }
            let oldRows = old.sections[oldSection].rows, newRows = replacement.sections[section].rows
            var next = 0
            for position in newRows.indices where next < oldRows.count {
                if outOfTime() { return nil }
                let skip = same(oldRows[next], newRows[position])
                    ? 0 : next + 1 < oldRows.count && same(oldRows[next + 1], newRows[position]) ? 1 : -1
                guard skip >= 0 else { continue }
                take(section, position, oldSection: oldSection, place: next + skip)
                if byIdentifier { oldFields[oldRows[next + skip].id] = oldRows[next + skip].fields }
                next += skip + 1
            }
        }
        // Then the rest by key, wherever they are.
        var oldRowsByKey: [MatchKey: [(section: Int, place: Int)]] = [:]
        for (oldSection, content) in old.sections.enumerated().reversed() {
            for place in content.rows.indices.reversed() where !used[oldSection][place] {
                if outOfTime() { return nil }
                oldRowsByKey[key(content.rows[place]), default: []].append((oldSection, place))
            }
        }
        for (section, content) in replacement.sections.enumerated() {
            for (position, row) in content.rows.enumerated() where matched[section][position] == nil {
                if outOfTime() { return nil }
                guard let found = oldRowsByKey[key(row)]?.popLast() else { continue }
                take(section, position, oldSection: found.section, place: found.place)
                let oldRow = old.sections[found.section].rows[found.place]
                if byIdentifier { oldFields[oldRow.id] = oldRow.fields }
            }
        }
        // Then what is left, by place: an unmatched new row takes the first unmatched old row between the
        // old places of its matched neighbours (a changed row is an update).
        for (section, rows) in matched.enumerated() {
            guard let oldSection = oldSectionOfNew[section], rows.contains(nil) else { continue }
            let oldRows = old.sections[oldSection].rows
            var upperBounds = [Int](repeating: oldRows.count, count: rows.count)
            var bound = oldRows.count
            for position in rows.indices.reversed() {
                upperBounds[position] = bound
                if matchedPlace[section][position] >= 0 { bound = matchedPlace[section][position] }
            }
            var unused = NextUnused(used[oldSection])
            var cursor = 0
            for position in rows.indices {
                if outOfTime() { return nil }
                if rows[position] != nil {
                    if matchedPlace[section][position] >= 0 { cursor = matchedPlace[section][position] + 1 }
                    continue
                }
                cursor = unused.first(from: cursor)
                guard cursor < upperBounds[position] else { continue }
                take(section, position, oldSection: oldSection, place: cursor)
                unused.take(cursor)
                oldFields[oldRows[cursor].id] = oldRows[cursor].fields
                cursor += 1
            }
        }

        var newRows: [RowID: Row] = [:]
        var updatedIDs: [RowID] = []
        var insertedRowIDs: [RowID] = []
        var sections: [SnapshotSection] = []
        sections.reserveCapacity(replacement.sections.count)
        for (sectionIndex, section) in replacement.sections.enumerated() {
            var ids: [RowID] = []
            ids.reserveCapacity(section.rows.count)
            for (position, row) in section.rows.enumerated() {
                if outOfTime() { return nil }
                let id: RowID
                if let match = matched[sectionIndex][position] {
                    id = match
                    if let before = oldFields[id], before != row.fields {
                        newRows[id] = Row(id: id, fields: row.fields)
                        updatedIDs.append(id)
                    }
                } else {
                    id = RowID(makeID())
                    newRows[id] = Row(id: id, fields: row.fields)
                    insertedRowIDs.append(id)
                }
                ids.append(id)
            }
            sections.append(SnapshotSection(id: sectionIDs[sectionIndex], rows: ids))
        }
        if deadline.hasPassed { return nil }
        snapshot = TableSnapshot(sections: sections)
        self.newRows = newRows
        self.newSections = newSections
        self.updatedIDs = updatedIDs
        self.insertedRowIDs = insertedRowIDs
        self.insertedSectionIDs = insertedSectionIDs
        self.nextID = nextID
    }
}

/// The first unused place at or after a place, among a section's old rows, found by a disjoint-set forest
/// with path halving: each used place points past itself, so a search passes every used place at most a
/// few times over the whole match, however often matched rows send the cursor back.
struct NextUnused {
    /// For each place, a place at or before the first unused one after it; the place itself when unused. One
    /// more than the places, the end, which is never used.
    private var next: [Int]

    /// - Parameter used: which places are taken already.
    init(_ used: [Bool]) {
        next = used.indices.map { used[$0] ? $0 + 1 : $0 } + [used.count]
    }

    /// The first unused place at or after `place`, or the number of places when there is none.
    /// - Complexity: amortised O(α(n)).
    mutating func first(from place: Int) -> Int {
        var place = min(place, next.count - 1)
        while next[place] != place {
            next[place] = next[next[place]]
            place = next[place]
        }
        return place
    }

    /// Marks `place` used.
    mutating func take(_ place: Int) {
        next[place] = place + 1
    }
}
