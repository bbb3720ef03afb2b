// Library — the search results of one dataset version
import ListRender
import Models
import Synchronization

/// The search results of one dataset version: its ``SearchIndex``, built on the first search, and
/// the results of recent queries as entries of their own, so the window and fragment code runs on a
/// search's results as on any dataset.
///
/// Each ``DatasetEntry`` has its own, so results follow every batch, upload and replace by
/// construction: a new version is a new entry, whose index is built from its own rows (reusing the
/// folded text of the sections the change left alone, see ``inherit(from:)``).
final class SearchResults: Sendable {
    /// The most result entries kept, and the most rows they may hold together.
    static let entryLimit = 16
    static let rowLimit = 1_000_000

    /// The results of one query.
    struct Found: Sendable {
        /// The matching rows in their sections, as an entry of their own.
        let entry: DatasetEntry
        /// The number of rows each result section has in the version searched (a friends header shows
        /// `online / total` of the whole group).
        let sectionRowCounts: [Int]
    }

    private struct Cache {
        var entries: [SearchQuery: Found] = [:]
        /// The queries in the order they were stored, oldest first.
        var order: [SearchQuery] = []
        var rows = 0
    }

    private let index = Mutex<SearchIndex?>(nil)
    /// The index of an earlier version, whose unchanged sections the first index build reuses.
    private let earlier = Mutex<SearchIndex?>(nil)
    private let cache = Mutex(Cache())

    /// The index, once a search has built it.
    var builtIndex: SearchIndex? { index.withLock { $0 } }

    /// Lets this version's index reuse what `older` (the version a batch started from) has folded,
    /// when `older` was searched; the older index is dropped once this one is built. Not for uploads:
    /// a replaced dataset shares no rows with the one before.
    /// - Complexity: O(1).
    func inherit(from older: SearchResults) {
        guard let base = older.builtIndex else { return }
        earlier.withLock { $0 = base }
    }

    /// The index of `dataset`, built on first use; other searches of this version wait for it.
    /// - Complexity: O(searchable text) the first time (less the sections reused), O(1) after.
    func index(of dataset: Dataset) -> SearchIndex {
        index.withLock { index in
            if let index { return index }
            let built = SearchIndex(dataset: dataset, reusing: earlier.withLock { $0 })
            earlier.withLock { $0 = nil }
            index = built
            return built
        }
    }

    /// The results of a query asked before and still kept, without searching; nil when the query has none
    /// (``results(for:in:)`` would search: a worker's job, not an event loop's, on a large dataset).
    /// - Complexity: O(1) on average.
    func cached(_ query: SearchQuery) -> Found? {
        cache.withLock { $0.entries[query] }
    }

    /// The results of a query as an entry: the matching rows in their sections (same ids, fields and
    /// version), from the cache when the query was asked before.
    /// - Parameters:
    ///   - query: the search.
    ///   - entry: the version searched, the owner of this object.
    /// - Returns: an entry whose dataset holds only the matching rows and the sections that have one,
    ///   and the row counts of those sections in `entry`.
    /// - Complexity: O(searchable text + matching rows + sections) the first time, O(1) after.
    func results(for query: SearchQuery, in entry: DatasetEntry) -> Found {
        if let cached = cache.withLock({ $0.entries[query] }) { return cached }
        var dataset = index(of: entry.dataset).results(query)
        let own = dataset.sections.count
        var links: [RowID: ChildAddress] = [:]
        if dataset.kind.isTableDocument {
            let children = Self.childMatches(under: entry, for: query)
            dataset.sections += children.sections
            links = children.opens
        }
        let metrics = TableMetrics(for: dataset)
        let (kind, collapsible) = (dataset.kind, metrics.sectionsAreCollapsible)
        // As the renderer tells a header that is a row from the untitled gap between groups.
        let places = SearchPlaces(of: dataset.sections, own: own, in: entry.dataset.sections) { section in
            collapsible || kind == .friends || !metrics.title(of: section).isEmpty
        }
        let results = Found(
            entry: DatasetEntry(
                dataset: dataset, snapshot: TableSnapshot(subsetOf: dataset.sections), metrics: metrics,
                layout: metrics.layout(of: dataset), address: entry.address, searchLinks: links,
                searchPlaces: places),
            sectionRowCounts: places.sectionRowCounts)
        let rows = dataset.rowCount
        cache.withLock { cache in
            guard cache.entries[query] == nil else { return }
            while !cache.order.isEmpty
                && (cache.order.count >= Self.entryLimit || cache.rows + rows > Self.rowLimit)
            {
                let oldest = cache.order.removeFirst()
                cache.rows -= cache.entries.removeValue(forKey: oldest)?.entry.dataset.rowCount ?? 0
            }
            cache.entries[query] = results
            cache.order.append(query)
            cache.rows += rows
        }
        return results
    }
}
