// ListStore — whether a store transaction writes or only reads

/// Whether a transaction writes or only reads.
enum StoreAccess: Sendable {
    /// A write transaction that locks what it checks before it writes.
    case write
    /// Reads that see one snapshot of the database.
    case snapshot
}
