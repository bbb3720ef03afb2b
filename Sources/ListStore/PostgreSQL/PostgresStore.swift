// ListStore — the PostgreSQL store
import Foundation
import Models
import Synchronization

/// The ``DatasetStore`` that several server processes share: datasets, their sections and rows,
/// and a short event log per dataset, in a PostgreSQL database reached through libpq.
///
/// Every write is one transaction, durable before the call returns (PostgreSQL's default
/// `synchronous_commit`), and every write to a dataset first locks its `datasets` row, so two
/// processes writing from the same version accept exactly one. Each commit sends
/// `NOTIFY "listserver:<schema>"` with the dataset's id, key and new version, delivered to the
/// listeners when it commits (see ``watch(pollInterval:_:)``).
///
/// The tables live in the connection's current schema: a `search_path` given in the URL
/// (`?options=-csearch_path%3Dname`) keeps several stores apart in one database. Calls are
/// serialised by a mutex around the one connection, like ``SQLiteStore``'s.
public final class PostgresStore: SharedDatasetStore {
    /// What was given to `PQconnectdb`.
    public let url: String
    /// The `NOTIFY` channel of the store's schema.
    public let channel: String
    private let connection: Mutex<PostgresStoreConnection?>

    /// Connects to the database at `url`, creating or migrating the schema.
    /// - Parameters:
    ///   - url: A `postgresql://user[:password]@host[:port]/database[?…]` URL (or libpq `key=value`
    ///     words); a password may also come from `PGPASSWORD` or `~/.pgpass`.
    ///   - eventRetention: How many events each dataset's log keeps.
    /// - Throws: ``PostgresError`` (cannot connect, no permission) or ``StoreError/newerSchema(found:supported:)``.
    public init(url: String, eventRetention: Int = 1_000) throws {
        self.url = url
        let opened = try PostgresStoreConnection(conninfo: url, eventRetention: eventRetention)
        channel = opened.channel
        connection = Mutex(opened)
    }

    /// Whether `text` names a PostgreSQL database (`postgresql://` or `postgres://`).
    public static func isDatabaseURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    private func withConnection<Result: Sendable>(
        _ body: (PostgresStoreConnection) throws -> Result
    ) throws -> Result {
        try connection.withLock { connection throws -> Result in
            guard let connection else { throw StoreError.closed }
            return try body(connection)
        }
    }

    /// Closes the connection; later calls throw ``StoreError/closed``. Safe to call twice.
    public func close() {
        connection.withLock { connection in
            connection?.close()
            connection = nil
        }
    }

    // MARK: Reading

    /// Every stored dataset as it was saved, in the order the datasets were first stored, read
    /// in one snapshot.
    /// - Throws: ``StoreError/corrupt(datasetID:detail:)`` or ``PostgresError``.
    /// - Complexity: O(rows).
    public func loadAll() throws -> [Dataset] {
        try withConnection { try $0.loadAll() }
    }

    public func load(id: String) throws -> Dataset? {
        try withConnection { try $0.load(id: id) }
    }

    public func datasetIDs() throws -> [String] {
        try withConnection { try $0.datasetIDs() }
    }

    public func hasDatasets() throws -> Bool {
        try withConnection { try $0.hasDatasets() }
    }

    public func stamps() throws -> [DatasetStamp] {
        try withConnection { try $0.stamps() }
    }

    // MARK: Writing

    /// Stores `datasets` all or none, in one transaction; the rows go through binary `COPY`.
    /// - Throws: ``StoreError/datasetExists(_:)`` when not `replacing`, ``StoreError/duplicateDataset(_:)``,
    ///   or ``PostgresError``.
    /// - Complexity: O(total rows).
    @discardableResult
    public func insert(_ datasets: [Dataset], replacing: Bool) throws -> [Dataset] {
        try withConnection { try $0.insert(datasets, replacing: replacing) }
    }

    public func commit(_ change: StoredChange) throws {
        try withConnection { try $0.commit(change) }
    }

    public func replaceDataset(_ dataset: Dataset, expectedVersion: Int64, eventPayload: [UInt8]?) throws {
        try withConnection {
            try $0.replaceDataset(dataset, expectedVersion: expectedVersion, eventPayload: eventPayload)
        }
    }

    @discardableResult
    public func deleteDataset(id: String) throws -> Bool {
        try withConnection { try $0.deleteDataset(id: id) }
    }

    // MARK: Event log

    public func appendEvent(datasetID: String, version: Int64, payload: [UInt8]) throws {
        try withConnection { try $0.appendEvent(datasetID: datasetID, version: version, payload: payload) }
    }

    public func events(datasetID: String, after version: Int64, limit: Int) throws -> [StoredEvent] {
        try withConnection { try $0.events(datasetID: datasetID, after: version, limit: limit) }
    }

    public func oldestEventVersion(datasetID: String) throws -> Int64? {
        try withConnection { try $0.oldestEventVersion(datasetID: datasetID) }
    }

    // MARK: Following

    /// Listens on the store's channel with a connection and a thread of its own; see
    /// ``SharedDatasetStore/watch(pollInterval:_:)``.
    public func watch(
        pollInterval: Duration, _ handler: @escaping @Sendable ([StoreNotice]) -> Void
    ) -> any StoreWatch {
        PostgresListener.start(conninfo: url, channel: channel, pollInterval: pollInterval, handler: handler)
    }
}
