// Web — the one place a library error becomes an HTTP status
import HTTPServer

extension LibraryError: HTTPErrorConvertible {
    /// The problem type of a stale `baseVersion` (`409`).
    static let versionConflictType = "/api/openapi.json#/components/responses/VersionConflict"
    /// The problem type of a dataset document that cannot be imported (`422`).
    static let invalidDatasetType = "/api/openapi.json#/components/responses/InvalidDataset"
    /// The problem type of a batch refused for its content (`422`).
    static let invalidBatchType = "/api/openapi.json#/components/responses/InvalidBatch"

    /// The response this error gets: `404` for a missing dataset, `409` for a stale version, `422`
    /// for a batch or a document that cannot be applied, `412` for a dataset that exists when it was
    /// to be new; the detail says what to do next.
    var httpError: HTTPError {
        switch self {
        case .notFound(let id):
            HTTPError.notFound("there is no dataset '\(id)'; GET /api/datasets lists them")
        case .childNotFound(let id, _, _):
            HTTPError.notFound(description + "; the window of '\(id)' gives each row's child address")
        case .versionConflict(let id, let current, let base):
            HTTPError(
                409, type: Self.versionConflictType, title: "Version conflict",
                detail: "the dataset '\(id)' is at version \(current), but the batch was made against version "
                    + "\(base); GET /api/datasets/\(id) (or the window) again, redo the change on version "
                    + "\(current) and send it with \"baseVersion\":\(current)",
                members: Self.conflictMembers(current: current, []))
        case .rebaseConflict(let id, let current, _, let conflicts):
            HTTPError(
                409, type: Self.versionConflictType, title: "Version conflict",
                detail: description + "; GET /api/datasets/\(id) (or the window) again and redo the change on "
                    + "version \(current)",
                members: Self.conflictMembers(current: current, conflicts))
        case .invalidBatch:
            HTTPError(422, type: Self.invalidBatchType, title: "Invalid batch", detail: description)
        case .datasetExists(let id):
            HTTPError(
                412, detail: "the dataset '\(id)' already exists and the request said If-None-Match: *; "
                    + "send the PUT without it to replace the dataset")
        case .invalidDataset:
            HTTPError(
                422, type: Self.invalidDatasetType, title: "Invalid dataset",
                detail: description + "; nothing was stored")
        }
    }

    /// The members a `409` adds to its problem: `currentVersion`, and `conflicts`, one object per conflict
    /// (`operation`, `reason`, `row` or `section`, `fields`), empty when the batch could not be rebased at all.
    /// - Complexity: O(conflicts and their fields).
    static func conflictMembers(current: Int64, _ conflicts: [RebaseConflict]) -> [HTTPError.Member] {
        let entries = conflicts.map { conflict in
            var members = ["\"operation\":" + HTTPError.jsonString(conflict.operation)]
            if let row = conflict.row { members.append("\"row\":\(row.rawValue)") }
            if let section = conflict.section { members.append("\"section\":\(section.rawValue)") }
            if let fields = conflict.fields {
                members.append("\"fields\":[" + fields.map(HTTPError.jsonString).joined(separator: ",") + "]")
            }
            members.append("\"reason\":" + HTTPError.jsonString(conflict.reason.rawValue))
            return "{" + members.joined(separator: ",") + "}"
        }
        return [
            HTTPError.Member(name: "currentVersion", json: "\(current)"),
            HTTPError.Member(name: "conflicts", json: "[" + entries.joined(separator: ",") + "]"),
        ]
    }
}
