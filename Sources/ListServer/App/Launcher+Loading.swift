// ListServer — ListServer
import Models

extension Launcher {
    /// What the store holds, in its order, with the datasets that were just stored taken from
    /// memory instead of being read back: they are what the store now holds (the store keeps every
    /// field, id, version and next id exactly), and reading a million rows back would cost a second
    /// copy of them and most of a second.
    /// - Parameters:
    ///   - store: the opened store, after the insert.
    ///   - stored: the datasets written by that insert.
    /// - Returns: every stored dataset, in the store's order.
    /// - Throws: ``StoreError`` or ``SQLiteError`` from reading the other datasets.
    /// - Complexity: O(rows of the datasets that were not just stored).
    static func storedDatasets(_ store: DatasetStore, reusing stored: [Dataset]) throws -> [Dataset] {
        let inMemory = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        return try store.datasetIDs().map { id in
            if let dataset = inMemory[id] { return dataset }
            guard let dataset = try store.load(id: id) else { throw StoreError.datasetNotFound(id) }
            return dataset
        }
    }
}
