// ListServer — one version of a dataset as the server holds it
import Foundation
import ListRender
import Models
import Synchronization

/// One version of a dataset as the server holds it: the rows, their snapshot of ids, the table
/// metrics and the layout with every section expanded. Immutable: a change makes a new entry, so
/// readers never wait for writers.
final class DatasetEntry: Sendable {
    let dataset: Dataset
    let snapshot: TableSnapshot
    let metrics: TableMetrics
    /// The layout with every section expanded; layouts for other expanded sets derive from it.
    var layout: TableLayout { allExpanded.layout }
    private let allExpanded: SharedLayout
    /// The section index bar: titles and the section each jumps to; empty for one-section lists.
    let indexTitles: [String]
    let indexSections: [Int]
    /// The expanded set a client gets when it names none.
    let defaultExpanded: ExpandedSections
    /// The swipe actions of the rows, by level.
    let actions: RowActionLevels
    /// What the rows allow when edited (``editing(of:metrics:actions:)``).
    let editing: TableEditing

    /// Window responses already written for this version, in a lane for each of up to four event loops
    /// (a quarter of a one-lane cache's room each).
    let responses = ResponseCache(maximumCount: 64, maximumBytes: 1 << 20, recentKeyCount: 1024, lanes: 4)
    /// Table documents: where this entry's table is, the rows whose child tables lead to it from the
    /// dataset's own table (empty for the dataset itself).
    let address: ChildAddress
    /// A table document's search results: the table each row found in a child table opens when tapped
    /// (``SearchResults/ChildMatches``); empty otherwise.
    let searchLinks: [RowID: ChildAddress]
    /// Search results: where each result section's rows are in the version searched (``SearchPlaces``);
    /// nil for any other entry.
    let searchPlaces: SearchPlaces?
    /// Table documents: the entries of the child tables opened from this one, made when first asked for.
    let children = ChildEntries()
    /// The search index of this version and the results of recent queries.
    let searches = SearchResults()
    /// The outlines of the sections whose rows hold child rows, read as they are asked for.
    let outlines = OutlineEntries()
    /// What tells this entry from every other this process made: entity tags of its responses start with it.
    let tag: String

    /// Hands out the entries' tags: the process's start time, then a count.
    private static let nextTag = Atomic<UInt64>(0)
    private static let processTag = String(UInt64(Date().timeIntervalSince1970 * 1_000_000), radix: 36)

    /// The layouts derived from ``layout`` for clients' expanded sets, editing and widths.
    let derivedLayouts = DerivedLayouts()
    private let idRanges = Mutex<[ClosedRange<Int64>]?>(nil)

    /// The section ids as sorted ranges, adjacent ids merged, for the links of collapsible headers;
    /// made when first asked for.
    /// - Complexity: O(sections log sections) the first time, then O(1).
    var sectionIDRanges: [ClosedRange<Int64>] {
        if let ranges = idRanges.withLock({ $0 }) { return ranges }
        let ranges = ExpandedSections.ranges(of: dataset.sections.map(\.id))
        idRanges.withLock { $0 = ranges }
        return ranges
    }

    /// An entry for a dataset, its layout built from scratch.
    /// - Complexity: O(sections + rows of kinds whose rows differ in height).
    convenience init(dataset: Dataset, address: ChildAddress = ChildAddress()) {
        let metrics = TableMetrics(for: dataset)
        self.init(dataset: dataset, snapshot: TableSnapshot(dataset.sections), metrics: metrics,
                  layout: metrics.layout(of: dataset), address: address)
    }

    init(
        dataset: Dataset, snapshot: TableSnapshot, metrics: TableMetrics, layout: TableLayout,
        address: ChildAddress = ChildAddress(), searchLinks: [RowID: ChildAddress] = [:],
        searchPlaces: SearchPlaces? = nil
    ) {
        self.dataset = dataset
        self.address = address
        self.searchLinks = searchLinks
        self.searchPlaces = searchPlaces
        self.snapshot = snapshot
        self.metrics = metrics
        allExpanded = SharedLayout(layout)
        tag = Self.processTag + "." + String(Self.nextTag.add(1, ordering: .relaxed).newValue, radix: 36)
            + ".v" + String(dataset.version)
        defaultExpanded = metrics.sectionsStartExpanded ? .all : .none
        actions = RowActionLevels(dataset)
        editing = Self.editing(of: dataset, metrics: metrics, actions: actions)
        if dataset.kind.isTableDocument, dataset.rowCount >= metrics.table?.indexMinimumRowCount ?? 0 {
            (indexTitles, indexSections) = Self.tableIndex(of: dataset.sections)
        } else if !dataset.kind.isTableDocument, dataset.sections.count > 1, metrics.hasSectionHeaders {
            // The sections' own order, as a data source's sectionIndexTitles lists them: each key once,
            // where its first section is.
            // Titles of one character each (`A`, `B`, or `京`, `沪`) are their own index, as the car brands
            // by letter list theirs; others index by their first Latin letter, when the sections are in the
            // order of those letters (a list sorted by name, as Contacts is): groups in an order of their
            // own (Family, Classmates, Blocked) have no index, as a data source that gives none.
            let sectionTitles = dataset.sections.map { metrics.title(of: $0) }
            let singleCharacters = sectionTitles.allSatisfy { $0.count == 1 }
            let ownTitles = dataset.sections.contains { $0.fields["indexTitle"] != nil }
            let keys = zip(dataset.sections, sectionTitles).map { section, title in
                section.fields["indexTitle"]?.text ?? (singleCharacters ? title : DatasetEntry.indexKey(of: title))
            }
            let inLetterOrder = zip(keys, keys.dropFirst()).allSatisfy { Self.letterRank($0) <= Self.letterRank($1) }
            var seen = Set<String>()
            // An index whose every title would be the same (untitled sections, titles without a Latin
            // letter) leads nowhere: there is none.
            let distinct = keys.filter { seen.insert($0).inserted }
            let titles = distinct.count > 1 && (ownTitles || singleCharacters || inLetterOrder) ? distinct : []
            let index = SectionIndex(titles: titles, sectionKeys: keys)
            indexTitles = titles
            indexSections = titles.enumerated().map { index.section(forTitle: $1, at: $0) ?? 0 }
        } else {
            indexTitles = []
            indexSections = []
        }
    }

    /// Table documents: the table a row opens when tapped — the child table it holds, or for a search result
    /// from a child table the table it links to; nil when it opens none.
    /// - Complexity: O(depth of the address).
    func opensTable(_ id: RowID, hasChild: Bool) -> ChildAddress? {
        if let link = searchLinks[id] { return link }
        return hasChild ? address.appending(id) : nil
    }

    /// Where an index letter sorts: A–Z in order, `#` after them (as `UILocalizedIndexedCollation` puts it).
    static func letterRank(_ key: String) -> Int {
        guard let scalar = key.unicodeScalars.first, key.unicodeScalars.count == 1, (0x41...0x5A).contains(scalar.value)
        else { return 26 }
        return Int(scalar.value) - 0x41
    }

    /// The index letter of a section title: its first Latin letter, upper-cased, else `#`.
    static func indexKey(of title: String) -> String {
        for scalar in title.unicodeScalars {
            let value = scalar.value
            if (0x41...0x5A).contains(value) { return String(scalar) }
            if (0x61...0x7A).contains(value) { return String(UnicodeScalar(UInt8(value - 0x20))) }
        }
        return "#"
    }

    /// The widths estimates are made for: a client's width rounded down to a multiple of this, so
    /// nearby widths share one layout and one cache entry.
    static let widthStep = 40.0
    /// The narrowest and widest width buckets.
    static let widthBuckets = 320.0...1600.0

    /// The width a client's row heights are estimated for: its `width` rounded down to a
    /// ``widthStep`` within ``widthBuckets``, or nil when it gave none or the kind's heights do not
    /// depend on the width (every width then shares the one layout).
    func estimateWidth(_ width: Double?) -> Double? {
        guard let width, metrics.heightsDependOnWidth else { return nil }
        let bucket = (width / Self.widthStep).rounded(.down) * Self.widthStep
        return min(Self.widthBuckets.upperBound, max(Self.widthBuckets.lowerBound, bucket))
    }

    /// The layout for a client's expanded set, derived from the all-expanded one and cached.
    /// - Parameters:
    ///   - expanded: the sections whose rows are shown.
    ///   - hasInsertionRows: whether every section's footer makes room for an insertion row (editing
    ///     mode, see ``hasInsertionRows(isEditing:)``).
    ///   - width: a width bucket from ``estimateWidth(_:)``: the rows' heights are estimated for it
    ///     (nil: the layout's own estimates).
    /// - Complexity: O(sections) the first time for a set, plus O(rows) the first time for a width;
    ///   O(1) after.
    func layout(for expanded: ExpandedSections, hasInsertionRows: Bool = false, width: Double? = nil) -> TableLayout {
        sharedLayout(for: expanded, hasInsertionRows: hasInsertionRows, width: width).layout
    }

    /// Whether ``sharedLayout(for:hasInsertionRows:width:)`` has the layout at hand (the all-expanded one, or one
    /// derived and still cached), so that a window asking for it costs no more than a window.
    /// - Complexity: O(1) on average.
    func hasLayout(for expanded: ExpandedSections, hasInsertionRows: Bool = false, width: Double? = nil) -> Bool {
        if expanded == .all && !hasInsertionRows && width == nil { return true }
        return derivedLayouts.contains(
            DerivedLayouts.Key(expanded: expanded, hasInsertionRows: hasInsertionRows, width: width))
    }

    /// ``layout(for:hasInsertionRows:width:)`` by reference, for a window that reads it in place.
    func sharedLayout(
        for expanded: ExpandedSections, hasInsertionRows: Bool = false, width: Double? = nil
    ) -> SharedLayout {
        if expanded == .all && !hasInsertionRows && width == nil { return allExpanded }
        let key = DerivedLayouts.Key(expanded: expanded, hasInsertionRows: hasInsertionRows, width: width)
        if let cached = derivedLayouts.layout(for: key) { return cached }
        let sections = snapshot.sections
        var derived = width.map { width in
            expanded == .all && !hasInsertionRows
                ? metrics.layout(of: dataset, width: width) : self.layout(for: .all, width: width)
        } ?? layout
        if expanded != .all { derived.setExpandedSections(sections.map { expanded.contains($0.id) }) }
        if hasInsertionRows {
            derived.setFooterHeights(Array(repeating: metrics.footerHeight(isEditing: true), count: sections.count))
        }
        let shared = SharedLayout(derived)
        // A layout for a width holds rows' heights of its own (or shares them with one kept for the same width,
        // which may go first); one for an expanded set alone shares this entry's.
        derivedLayouts.keep(shared, bytes: derived.storageBytes(countingRows: width != nil), for: key)
        return shared
    }

    /// Whether windows get insertion rows: in editing mode, for a kind whose rows can be inserted.
    func hasInsertionRows(isEditing: Bool) -> Bool { isEditing && metrics.rowsCanBeInserted }
}
