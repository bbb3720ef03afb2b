// ListStore — the PostgreSQL store
import Foundation
import Models

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
/// serialised by a mutex around the one connection (``LockedStoreCore``), like ``SQLiteStore``'s;
/// everything but ``insert(_:replacing:)`` and ``watch(pollInterval:_:)`` is the store core's.
public final class PostgresStore: SharedDatasetStore, CoreBackedStore {
    /// What was given to `PQconnectdb`.
    public let url: String
    /// The `NOTIFY` channel of the store's schema.
    public let channel: String
    let core: LockedStoreCore<PostgresConnection>

    /// Connects to the database at `url`, creating or migrating the schema.
    /// - Parameters:
    ///   - url: A `postgresql://user[:password]@host[:port]/database[?…]` URL (or libpq `key=value`
    ///     words); a password may also come from `PGPASSWORD` or `~/.pgpass`.
    ///   - eventRetention: How many events each dataset's log keeps.
    /// - Throws: ``PostgresError`` (cannot connect, no permission) or ``StoreError/newerSchema(found:supported:)``.
    public init(url: String, eventRetention: Int = 1_000) throws {
        self.url = url
        let connection = try PostgresConnection(conninfo: url)
        do {
            connection.channel = try connection.currentChannel()
        } catch {
            connection.close()
            throw error
        }
        channel = connection.channel
        core = LockedStoreCore(
            try StoreCore(database: connection, eventRetention: eventRetention, migrations: PostgresConnection.migrations))
    }

    /// Whether `text` names a PostgreSQL database (`postgresql://` or `postgres://`).
    public static func isDatabaseURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    // MARK: Writing

    /// Stores `datasets` all or none, in one transaction; the rows go through binary `COPY`. A
    /// dataset stored meanwhile by another process under one of the ids counts as existing.
    /// - Throws: ``StoreError/datasetExists(_:)`` when not `replacing`, ``StoreError/duplicateDataset(_:)``,
    ///   or ``PostgresError``.
    /// - Complexity: O(total rows).
    @discardableResult
    public func insert(_ datasets: [Dataset], replacing: Bool) throws -> [Dataset] {
        try core.withCore { try $0.insert(datasets, replacing: replacing) }
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
