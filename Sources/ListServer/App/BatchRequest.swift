// ListServer — ListServer
import Models

/// The body of `POST /api/datasets/{id}/batch` (SPEC §6), read and checked for shape.
///
/// Ids and indexes are checked against the dataset later, when the batch is applied.
struct BatchRequest: Sendable, Equatable {
    struct RowInsert: Sendable, Equatable {
        var section: Int
        var row: Int
        var fields: Fields
    }

    struct RowMove: Sendable, Equatable {
        var id: RowID
        var toSection: Int
        var toRow: Int
    }

    struct RowUpdate: Sendable, Equatable {
        var id: RowID
        /// The keys to set; a `null` value removes the key.
        var fields: Fields
    }

    struct SectionInsert: Sendable, Equatable {
        var section: Int
        var fields: Fields
    }

    var baseVersion: Int64
    var deleteRows: [RowID] = []
    var insertRows: [RowInsert] = []
    var moveRows: [RowMove] = []
    var updateRows: [RowUpdate] = []
    var deleteSections: [SectionID] = []
    var insertSections: [SectionInsert] = []

    static let knownKeys: Set<String> = [
        "baseVersion", "deleteRows", "insertRows", "moveRows", "updateRows", "deleteSections", "insertSections",
    ]

    /// The most operations one batch may hold.
    static let maximumOperations = 100_000

    var operationCount: Int {
        deleteRows.count + insertRows.count + moveRows.count + updateRows.count + deleteSections.count
            + insertSections.count
    }

    /// Reads a request body.
    /// - Throws: ``HTTPError`` `400` when the body is not JSON, `422` when it is JSON of the wrong shape,
    ///   naming the key path (`insertRows[2].row: expected an integer`).
    static func parse(_ body: [UInt8]) throws(HTTPError) -> BatchRequest {
        let root: FieldValue
        do {
            root = try JSONReader.read(body)
        } catch {
            throw HTTPError.badRequest("the body is not valid JSON: \(error.description)")
        }
        guard case .dict(let object) = root else {
            throw invalid("", "expected a JSON object, found \(root.errorPreview)")
        }
        for field in object where !knownKeys.contains(field.key) {
            throw invalid(field.key, "unknown key; a batch has \(knownKeys.sorted().joined(separator: ", "))")
        }
        guard let base = object["baseVersion"] else {
            throw invalid("baseVersion", "missing: send the version the change was made against")
        }
        var request = BatchRequest(baseVersion: try integer(base, "baseVersion"))
        request.deleteRows = try list(object, "deleteRows") { value, path throws(HTTPError) in
            RowID(try integer(value, path))
        }
        request.deleteSections = try list(object, "deleteSections") { value, path throws(HTTPError) in
            SectionID(try integer(value, path))
        }
        request.insertRows = try list(object, "insertRows") { value, path throws(HTTPError) in
            let item = try dictionary(value, path)
            return RowInsert(
                section: try index(item, "section", path), row: try index(item, "row", path),
                fields: try dictionary(item["fields"] ?? .null, "\(path).fields"))
        }
        request.moveRows = try list(object, "moveRows") { value, path throws(HTTPError) in
            let item = try dictionary(value, path)
            return RowMove(
                id: RowID(try integer(item["id"] ?? .null, "\(path).id")),
                toSection: try index(item, "toSection", path), toRow: try index(item, "toRow", path))
        }
        request.updateRows = try list(object, "updateRows") { value, path throws(HTTPError) in
            let item = try dictionary(value, path)
            return RowUpdate(
                id: RowID(try integer(item["id"] ?? .null, "\(path).id")),
                fields: try dictionary(item["fields"] ?? .null, "\(path).fields"))
        }
        request.insertSections = try list(object, "insertSections") { value, path throws(HTTPError) in
            let item = try dictionary(value, path)
            return SectionInsert(
                section: try index(item, "section", path),
                fields: try dictionary(item["fields"] ?? .dict([:]), "\(path).fields"))
        }
        guard request.operationCount <= maximumOperations else {
            throw invalid("", "a batch holds at most \(maximumOperations) operations")
        }
        return request
    }

    static func invalid(_ path: String, _ message: String) -> HTTPError {
        HTTPError(422, title: "Invalid batch", detail: path.isEmpty ? message : "\(path): \(message)")
    }

    private static func list<Element>(
        _ object: Fields, _ key: String, _ element: (FieldValue, String) throws(HTTPError) -> Element
    ) throws(HTTPError) -> [Element] {
        guard let value = object[key] else { return [] }
        guard case .array(let items) = value else {
            throw invalid(key, "expected an array, found \(value.errorPreview)")
        }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            result.append(try element(item, "\(key)[\(position)]"))
        }
        return result
    }

    private static func integer(_ value: FieldValue, _ path: String) throws(HTTPError) -> Int64 {
        guard case .int(let number) = value else {
            throw invalid(path, value == .null ? "missing: expected an integer" : "expected an integer, found \(value.errorPreview)")
        }
        return number
    }

    private static func index(_ item: Fields, _ key: String, _ path: String) throws(HTTPError) -> Int {
        let number = try integer(item[key] ?? .null, "\(path).\(key)")
        guard number >= 0, number <= Int64(Int32.max) else {
            throw invalid("\(path).\(key)", "expected an index from 0, found \(number)")
        }
        return Int(number)
    }

    private static func dictionary(_ value: FieldValue, _ path: String) throws(HTTPError) -> Fields {
        guard case .dict(let fields) = value else {
            throw invalid(path, value == .null ? "missing: expected an object" : "expected an object, found \(value.errorPreview)")
        }
        return fields
    }
}
