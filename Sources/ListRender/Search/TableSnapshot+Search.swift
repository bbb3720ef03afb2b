// ListRender — the snapshot of a table's search results
import Models

extension TableSnapshot {
    /// The snapshot of some of a table's sections and rows, in their order: search results
    /// (``SearchIndex/results(_:)``). Their ids are a subset of a valid table's, so unique, and the id
    /// index is built on first use instead of being checked up front.
    /// - Parameter sections: sections and rows taken from one dataset.
    /// - Complexity: O(sections + rows) to copy the ids.
    public init(subsetOf sections: [Models.Section]) {
        var count = 0
        let skeleton = sections.map { section in
            count += section.rows.count
            return SnapshotSection(id: section.id, rows: section.rows.map(\.id))
        }
        self.init(validatedSections: skeleton, rowCount: count)
    }
}
