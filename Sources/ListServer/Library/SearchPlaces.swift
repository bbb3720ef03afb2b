// ListServer — where a search's results are in the table searched
import Models

/// Where the rows of a search's results are in the version searched: for each result section, the index of
/// its section there and the indexes of its rows. A page's selection names runs of rows by their places in
/// the whole table; a result row says its own (`data-at`), so a run chosen before the search is drawn over its
/// results as it is over the table.
struct SearchPlaces: Sendable {
    /// Each result section's section index in the version searched; sections found in child tables have none.
    let sections: [Int]
    /// Each result section's row indexes in its section, in order.
    let rows: [[Int32]]
    /// The number of rows each result section has in the version searched (its own for a child table's).
    let sectionRowCounts: [Int]
    /// Each result section's first row's place among the rows the results' grid reads (headers that are
    /// rows included, from 0): a result row is "row 5 of 17" as a row of the table is.
    let firstGridRows: [Int]
    /// The number of rows the results' grid reads: the matching rows and the headers that are rows.
    let gridRowCount: Int

    /// The places of `results`, whose first `own` sections are a subsequence of `searched` in the same order
    /// (sections and rows alike), the rest found in child tables; `headerIsRow` says whether a result
    /// section's header is a row of the grid (an untitled one between groups is not).
    /// - Complexity: O(sections searched + rows of the sections that matched).
    init(of results: [Section], own: Int, in searched: [Section], headerIsRow: (Section) -> Bool) {
        var gridRows = 0
        firstGridRows = results.map { section in
            gridRows += headerIsRow(section) ? 1 : 0
            defer { gridRows += section.rows.count }
            return gridRows
        }
        gridRowCount = gridRows
        var sections: [Int] = [], rows: [[Int32]] = [], counts: [Int] = []
        sections.reserveCapacity(results.count)
        var next = 0
        for (number, result) in results.enumerated() {
            while number < own && next < searched.count && searched[next].id != result.id { next += 1 }
            guard number < own, next < searched.count else {
                // A child table's matches: not rows of this table.
                counts.append(result.rows.count)
                continue
            }
            let source = searched[next].rows
            var indexes: [Int32] = []
            indexes.reserveCapacity(result.rows.count)
            var at = 0
            for row in result.rows {
                while at < source.count && source[at].id != row.id { at += 1 }
                guard at < source.count else { break }
                indexes.append(Int32(truncatingIfNeeded: at))
                at += 1
            }
            sections.append(next)
            rows.append(indexes)
            counts.append(source.count)
            next += 1
        }
        self.sections = sections
        self.rows = rows
        sectionRowCounts = counts
    }

    /// The place in the version searched of the result row at `indexPath`; nil for a child table's row.
    /// - Complexity: O(1).
    func place(of indexPath: IndexPath) -> IndexPath? {
        guard indexPath.section < sections.count, indexPath.row < rows[indexPath.section].count else { return nil }
        return IndexPath(row: Int(rows[indexPath.section][indexPath.row]), section: sections[indexPath.section])
    }
}
