// Library — which operation a client sent each operation the planner added stands for

/// Which operation a client sent each operation the planner added to its batch stands for: the delete,
/// update or move of a row action (`rowActions[0]`), or the unchecking that a choice list's update brings
/// (`updateRows[1]`). A refusal names what the client sent, never an operation it cannot see.
struct OperationOrigins {
    /// The added operation's name (`updateRows[3]`) → the client's (`rowActions[0]`).
    private var sources: [String: String] = [:]

    /// Records that the operation named `operation` was added for the client's `source`.
    mutating func record(_ operation: String, from source: String) {
        sources[operation] = sources[source] ?? source
    }

    /// `error` naming the client's operations where it names added ones: in its key path's first segment,
    /// and wherever its message mentions one. Names end in `]`, so `updateRows[1]` is never part of
    /// `updateRows[10]`.
    /// - Complexity: O(added operations × message length).
    func renaming(_ error: LibraryError) -> LibraryError {
        guard case .invalidBatch(let path, var message) = error, !sources.isEmpty else { return error }
        var renamedPath = path
        for (added, source) in sources where path == added || path.hasPrefix(added + ".") {
            renamedPath = source + path.dropFirst(added.count)
        }
        for (added, source) in sources { message = message.replacingOccurrences(of: added, with: source) }
        return .invalidBatch(path: renamedPath, message: message)
    }
}
