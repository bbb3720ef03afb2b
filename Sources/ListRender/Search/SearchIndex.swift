// ListRender — the searchable text of one dataset version, folded once
import Models

/// The searchable text of one dataset version (``SearchIndex/searchableTexts(of:kind:_:)``), folded
/// once (``TextFolding``) into one byte buffer per section with the offset where each row's text
/// ends, so a query is a scan of those buffers for its folded bytes instead of a walk over the rows'
/// fields and strings.
///
/// Texts are separated by 0xFF, a byte no UTF-8 contains, so a match never spans two fields or two
/// rows. A version that changes a few sections reuses the other sections' buffers of the index of the
/// version before (``init(dataset:reusing:)``).
///
/// Memory: the folded text (about the UTF-8 size of the searchable fields, plus one byte per field)
/// and 4 bytes per row; see ``byteCount``.
public struct SearchIndex: Sendable {
    /// One section's folded text.
    struct SectionText: Sendable {
        var bytes: [UInt8]
        /// `rowEnds[i]`: the offset in `bytes` where row `i`'s text ends.
        var rowEnds: [UInt32]
    }

    /// The dataset version the index was built from.
    public let dataset: Dataset
    let sections: [SectionText]

    /// Builds the index of a dataset version.
    /// - Parameters:
    ///   - dataset: the version to index.
    ///   - previous: the index of an earlier version, or nil: a section whose id, rows and kind are
    ///     unchanged keeps its folded text (rows a batch did not touch share their storage, so telling
    ///     them unchanged is O(1) for an untouched section).
    /// - Complexity: O(total searchable text) of the sections not reused, O(sections) besides.
    public init(dataset: Dataset, reusing previous: SearchIndex? = nil) {
        self.dataset = dataset
        var reusable: [SectionID: Int] = [:]
        if let previous, previous.dataset.kind == dataset.kind {
            reusable.reserveCapacity(previous.dataset.sections.count)
            for (index, section) in previous.dataset.sections.enumerated() { reusable[section.id] = index }
        }
        let kind = dataset.kind
        sections = dataset.sections.map { section in
            if let previous, let index = reusable[section.id], previous.dataset.sections[index].rows == section.rows {
                return previous.sections[index]
            }
            return Self.sectionText(section, kind: kind)
        }
    }

    /// The bytes the index holds besides the dataset: the folded text and the row offsets.
    /// - Complexity: O(sections).
    public var byteCount: Int {
        sections.reduce(0) { $0 + $1.bytes.capacity + $1.rowEnds.capacity * 4 + 48 }
    }

    /// The folded text of one section.
    /// - Complexity: O(searchable text of its rows).
    static func sectionText(_ section: Section, kind: DatasetKind) -> SectionText {
        var bytes: [UInt8] = []
        var rowEnds: [UInt32] = []
        rowEnds.reserveCapacity(section.rows.count)
        for row in section.rows {
            searchableTextBytes(of: row.fields, kind: kind) { utf8 in
                TextFolding.append(utf8: utf8, to: &bytes)
                bytes.append(0xFF)
            }
            precondition(bytes.count <= UInt32.max, "a section's searchable text must stay under 4 GiB")
            rowEnds.append(UInt32(bytes.count))
        }
        return SectionText(bytes: bytes, rowEnds: rowEnds)
    }

    /// The rows of each section that contain the query, in order.
    /// - Parameter query: the search.
    /// - Returns: one array per section (empty where nothing matches) of row indexes.
    /// - Complexity: O(total searchable text) for the scan, plus O(log r) per matching row.
    public func matchingRows(_ query: SearchQuery) -> [[Int]] {
        sections.map { section in
            var rows: [Int] = []
            Self.forEachMatch(of: query, in: section) { rows.append($0) }
            return rows
        }
    }

    /// Calls `body` with the index of every row of `section` whose text contains the query, in order.
    /// - Complexity: O(text of the section) for the scan, plus O(log r) per matching row.
    static func forEachMatch(of query: SearchQuery, in section: SectionText, _ body: (Int) -> Void) {
        section.bytes.withUnsafeBufferPointer { bytes in
            section.rowEnds.withUnsafeBufferPointer { ends in
                var position = 0
                var row = 0
                while let found = query.firstMatch(in: bytes, from: position) {
                    // The first row whose text ends after the match.
                    var high = ends.count
                    while row < high {
                        let middle = (row + high) / 2
                        if Int(ends[middle]) <= found { row = middle + 1 } else { high = middle }
                    }
                    body(row)
                    position = Int(ends[row])
                    row += 1
                }
            }
        }
    }

    /// The search results as a dataset: only the rows that contain the query, in their sections
    /// (same ids, fields and order), and only the sections that have one.
    /// - Parameter query: the search.
    /// - Returns: the results, with the version, kind, style and shape of the indexed dataset.
    /// - Complexity: as ``matchingRows(_:)``, plus O(sections).
    public func results(_ query: SearchQuery) -> Dataset {
        var results = dataset
        var sections: [Section] = []
        for (index, text) in self.sections.enumerated() {
            let section = dataset.sections[index]
            var rows: [Row] = []
            section.rows.withUnsafeBufferPointer { all in
                Self.forEachMatch(of: query, in: text) { rows.append(all[$0]) }
            }
            guard !rows.isEmpty else { continue }
            sections.append(
                Section(id: section.id, fields: section.fields, rowsKeyIndex: section.rowsKeyIndex, rows: rows))
        }
        results.sections = sections
        return results
    }
}
