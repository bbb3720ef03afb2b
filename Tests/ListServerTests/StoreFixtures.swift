// ListServer — ListServerTests
import Foundation
import Models

@testable import ListServer

/// Datasets, temporary directories, open stores and row counts for the store tests.
enum StoreFixtures {
    /// Runs `body` with a new empty directory, removed afterwards.
    static func withDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("listserver-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    /// Runs `body` with a store opened in a new empty directory, closed afterwards.
    ///
    /// - Parameters:
    ///   - datasets: Inserted (not replacing) before `body` runs; none when empty.
    ///   - eventRetention: How many events each dataset's log keeps.
    ///   - body: Gets the open store and its directory.
    /// - Throws: What opening the store, the insert or `body` throws.
    static func withStore(
        holding datasets: [Dataset] = [], eventRetention: Int = 1_000,
        _ body: (DatasetStore, String) throws -> Void
    ) throws {
        try withDirectory { directory in
            let store = try DatasetStore(directory: directory, eventRetention: eventRetention)
            defer { store.close() }
            if !datasets.isEmpty { try store.insert(datasets, replacing: false) }
            try body(store, directory)
        }
    }

    /// Opens another store on `directory`, loads everything it holds and closes it again.
    ///
    /// - Parameter directory: A data directory, possibly in use by a store still open.
    /// - Returns: The datasets in their stored order.
    /// - Throws: ``StoreError`` or ``SQLiteError`` from opening or loading.
    static func loadAll(from directory: String) throws -> [Dataset] {
        let store = try DatasetStore(directory: directory)
        defer { store.close() }
        return try store.loadAll()
    }

    /// Edits `model`, raises its version by one and commits the change to `store`.
    ///
    /// - Parameters:
    ///   - model: The dataset as stored; the edited dataset afterwards.
    ///   - store: A store holding `model`.
    ///   - eventPayload: The event logged with the commit.
    ///   - edit: Changes rows and sections of the dataset, not its version.
    /// - Throws: What `edit` or the commit throws.
    static func commitEdit(
        of model: inout Dataset, to store: DatasetStore, eventPayload: [UInt8], _ edit: (inout Dataset) throws -> Void
    ) throws {
        let old = model
        try edit(&model)
        model.version += 1
        try store.commit(StoredChange(from: old, to: model, eventPayload: eventPayload))
    }

    /// The first column of every row `sql` selects, as text (`""` for NULL).
    ///
    /// - Parameters:
    ///   - database: An open database.
    ///   - sql: A query whose first column is read.
    /// - Returns: One string per row, in the query's order.
    /// - Throws: ``SQLiteError`` when the query fails.
    static func texts(_ database: SQLiteDatabase, _ sql: String) throws -> [String] {
        try database.withStatement(sql) { statement in
            var texts: [String] = []
            while try statement.step() { texts.append(statement.text(at: 0) ?? "") }
            return texts
        }
    }

    struct Counts: Hashable {
        var datasets: Int64
        var sections: Int64
        var rows: Int64
        var events: Int64
        /// The names of the per-dataset rows tables.
        var rowTables: [String]
        var versions: [String]
    }

    /// Counts straight from the file through a separate connection.
    static func counts(_ directory: String) throws -> Counts {
        let database = try SQLiteDatabase(path: directory + "/" + DatasetStore.fileName)
        defer { database.close() }
        let versions = try database.withStatement("SELECT id, version FROM datasets ORDER BY key") { statement in
            var versions: [String] = []
            while try statement.step() { versions.append("\(statement.text(at: 0) ?? "")@\(statement.int64(at: 1))") }
            return versions
        }
        let rowTables = try texts(
            database, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB 'rows_*'")
        var rows: Int64 = 0
        for table in rowTables { rows += try database.scalarInt("SELECT count(*) FROM \(table)") ?? 0 }
        return Counts(
            datasets: try database.scalarInt("SELECT count(*) FROM datasets") ?? -1,
            sections: try database.scalarInt("SELECT count(*) FROM sections") ?? -1,
            rows: rows,
            events: try database.scalarInt("SELECT count(*) FROM events") ?? -1,
            rowTables: rowTables.sorted(),
            versions: versions)
    }

    /// A grouped friends-like dataset, a one-section messages dataset and an empty one.
    static func datasets() -> [Dataset] {
        let friends = Dataset(
            id: "friends", title: "Friends", kind: .friends, style: .plain,
            shape: SourceShape(rootKey: nil, rowsKey: "friends"),
            sections: [
                Section(
                    id: SectionID(1), fields: ["name": .string("Family"), "online": .int(2)], rowsKeyIndex: 2,
                    rows: []),
                Section(
                    id: SectionID(10), fields: ["online": .int(1), "name": .string("Work 中文")], rowsKeyIndex: 1,
                    rows: [
                        Row(
                            id: RowID(12),
                            fields: [
                                "name": .string("Zoë"), "icon": .string("f1"), "intro": .string("hi 🌍"),
                                "vip": .bool(true),
                            ]),
                        Row(
                            id: RowID(11),
                            fields: [
                                "vip": .bool(false), "name": .string("Bo"),
                                "tags": .array([.string("x"), .dict(["deep": .array([.null, .real(-0.5)])])]),
                                "seen": .date(Date(timeIntervalSince1970: 1_700_000_000.25)),
                                "blob": .data([0, 1, 255]),
                            ]),
                    ]),
            ],
            version: 3, nextID: 500)
        var messages = dataset(id: "messages", sections: 1, rowsPerSection: 40)
        messages.kind = .messages
        messages.shape = SourceShape(rootKey: "messages", rowsKey: nil)
        messages.version = 4
        let empty = Dataset(
            id: "empty", title: "", kind: .generic, style: .grouped, shape: SourceShape(), sections: [], version: 1)
        return [friends, messages, empty]
    }

    /// A generic dataset with ids 1, 2, 3, … over its sections and rows.
    static func dataset(id: String, sections sectionCount: Int, rowsPerSection: Int, firstID: Int64 = 1) -> Dataset {
        var next = firstID
        func take() -> Int64 {
            defer { next += 1 }
            return next
        }
        let sections = (0..<sectionCount).map { index in
            Section(
                id: SectionID(take()), fields: ["title": .string("Section \(index)")], rowsKeyIndex: 1,
                rows: (0..<rowsPerSection).map { row in
                    Row(
                        id: RowID(take()),
                        fields: [
                            "title": .string("Row \(row) of \(index)"), "send_time": .int(1_600_000_000 + Int64(row)),
                            "read": .bool(row % 3 == 0),
                        ])
                })
        }
        return Dataset(
            id: id, title: id.capitalized, kind: .generic, style: .plain, shape: SourceShape(rowsKey: "rows"),
            sections: sections)
    }
}
