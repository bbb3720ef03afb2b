// Library — what went wrong, in the library's words
import Models

/// The one error the library, the batch planner and the command line throw for what a client or a
/// file got wrong. It says what happened; only the web layer turns it into a status and a
/// problem+json body (``LibraryError/httpError``).
enum LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No dataset has this id.
    case notFound(datasetID: String)
    /// A table document's child address leads nowhere: `message` says which row and why.
    case childNotFound(datasetID: String, child: String, message: String)
    /// A change was made against version `base`, but the dataset is at `current`.
    case versionConflict(datasetID: String, current: Int64, base: Int64)
    /// A batch made against version `base` is in a real conflict with a change since: `conflicts` names each
    /// operation with the row, section or fields (``BatchRebase``).
    case rebaseConflict(datasetID: String, current: Int64, base: Int64, conflicts: [RebaseConflict])
    /// A batch that cannot be applied. `path` names the part at fault (`insertRows[2].fields.name`),
    /// empty for the batch as a whole.
    case invalidBatch(path: String, message: String)
    /// A dataset with this id exists and was not to be replaced.
    case datasetExists(datasetID: String)
    /// A document that cannot be imported as a dataset: where in it and why.
    case invalidDataset(ImportError)

    var description: String {
        switch self {
        case .notFound(let id):
            "there is no dataset '\(id)'"
        case .childNotFound(let id, let child, let message):
            "'\(id)' has no child table \(child): \(message)"
        case .versionConflict(let id, let current, let base):
            "the dataset '\(id)' is at version \(current), but the change was made against version \(base)"
        case .rebaseConflict(let id, let current, let base, let conflicts):
            "the dataset '\(id)' is at version \(current), and since version \(base) "
                + conflicts.map(\.line).joined(separator: "; ")
        case .invalidBatch(let path, let message):
            path.isEmpty ? message : "\(path): \(message)"
        case .datasetExists(let id):
            "the dataset '\(id)' already exists"
        case .invalidDataset(let error):
            error.path.isEmpty ? error.message : "\(error.path): \(error.message)"
        }
    }
}
