// ListServer — the store a run of the server uses
import ListStore
import Models

extension Launcher {
    /// The store the configuration names: PostgreSQL for `--database`, else SQLite in `--data`.
    /// - Throws: ``StoreError``, ``SQLiteError`` or ``PostgresError`` when it cannot be opened.
    static func openStore(_ configuration: Configuration) throws -> any DatasetStore {
        if let url = configuration.databaseURL { return try PostgresStore(url: url) }
        return try SQLiteStore(directory: configuration.dataDirectory)
    }

    /// ``storeImports(_:configuration:in:progress:)``, once more when a shared store was empty and
    /// another process stored the samples first (both saw a first start): the second time the
    /// store holds datasets, so only the imports are written.
    static func storeImportsSharing(
        _ imported: [Dataset], configuration: Configuration, in store: any DatasetStore,
        progress: (@Sendable (String) -> Void)?
    ) throws -> [Dataset] {
        do {
            return try storeImports(imported, configuration: configuration, in: store, progress: progress)
        } catch StoreError.datasetExists(let id)
            where store is any SharedDatasetStore && !imported.contains(where: { $0.id == id })
        {
            return try storeImports(imported, configuration: configuration, in: store, progress: progress)
        }
    }
}

extension Configuration {
    /// Where the data is, for messages: the data directory, or the database URL without its password.
    var storeDescription: String {
        guard let url = databaseURL else { return dataDirectory }
        return "PostgreSQL " + Self.withoutPassword(url)
    }

    /// `url` with the password of its `user:password@` part, and of a `password=` parameter, replaced by `***`.
    static func withoutPassword(_ url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://") {
            let authorityEnd = text[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" } ?? text.endIndex
            let authority = text[scheme.upperBound..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                text.replaceSubrange(text.index(after: colon)..<at, with: "***")
            }
        }
        if let password = text.range(of: "password=") {
            let end = text[password.upperBound...].firstIndex(of: "&") ?? text.endIndex
            text.replaceSubrange(password.upperBound..<end, with: "***")
        }
        return text
    }
}
