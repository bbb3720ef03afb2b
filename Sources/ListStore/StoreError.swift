// ListStore — why a dataset store refused an operation

/// Why a dataset store refused an operation. Failures of the database itself are thrown as the
/// database's own error (``SQLiteError``).
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An insert without `replacing` met a stored dataset with this id.
    case datasetExists(String)
    /// One insert call held two datasets with this id.
    case duplicateDataset(String)
    /// No stored dataset has this id.
    case datasetNotFound(String)
    /// The stored version is not the one the change was made against; nothing was written.
    case versionConflict(datasetID: String, expected: Int64, found: Int64)
    /// The change contradicts what is stored (a section order that does not match the sections, …).
    case invalidChange(datasetID: String, detail: String)
    /// What is stored cannot be read back as a dataset.
    case corrupt(datasetID: String, detail: String)
    /// The file was written by a newer ListServer with a schema this one does not know.
    case newerSchema(found: Int, supported: Int)
    /// The data directory cannot be created or used.
    case directory(path: String, reason: String)
    /// The store was closed.
    case closed

    public var description: String {
        switch self {
        case .datasetExists(let id):
            "dataset '\(id)' already exists"
        case .duplicateDataset(let id):
            "dataset '\(id)' is given more than once"
        case .datasetNotFound(let id):
            "no dataset '\(id)'"
        case .versionConflict(let id, let expected, let found):
            "dataset '\(id)' is at version \(found), not \(expected); reload and try again"
        case .invalidChange(let id, let detail):
            "invalid change to dataset '\(id)': \(detail)"
        case .corrupt(let id, let detail):
            "stored dataset '\(id)' is corrupt: \(detail)"
        case .newerSchema(let found, let supported):
            "the data file has schema version \(found); this ListServer knows versions up to \(supported)"
        case .directory(let path, let reason):
            "cannot use data directory \(path): \(reason)"
        case .closed:
            "the dataset store is closed"
        }
    }
}
