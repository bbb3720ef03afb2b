// ListStore — the SQLite store's dataset stamps

extension SQLiteStore {
    /// Every stored dataset's id, key and version, in the order they were first stored.
    public func stamps() throws -> [DatasetStamp] {
        try withConnection { connection in
            try connection.database.withStatement("SELECT id, key, version FROM datasets ORDER BY key") { statement in
                var stamps: [DatasetStamp] = []
                while try statement.step() {
                    let id = statement.text(at: 0) ?? ""
                    stamps.append(DatasetStamp(id: id, key: statement.int64(at: 1), version: statement.int64(at: 2)))
                }
                return stamps
            }
        }
    }
}
