// Web — the JSON body of a batch
import HTTPServer
import ListRender
import Models

extension BatchRequest {
    /// The keys a batch body may have. Every key is checked: an unknown one (a typo such as `toRows`)
    /// is refused rather than ignored.
    static let knownKeys = [
        "baseVersion", "deleteRows", "insertRows", "moveRows", "updateRows", "deleteSections", "insertSections",
        "rowActions", "animation", "child", "restoreRows", "undoable", "seenVersions",
    ]

    /// Reads a request body.
    /// - Throws: ``HTTPError`` `400` when the body is not JSON, `422` when it is JSON of the wrong shape,
    ///   naming the key path (`insertRows[2].row: expected an integer, found "3"`).
    /// - Complexity: O(n) in the body's size.
    static func parse(_ body: [UInt8]) throws(HTTPError) -> BatchRequest {
        guard !body.isEmpty else {
            throw HTTPError.badRequest(
                "the body is empty; send a JSON object such as {\"baseVersion\":1,\"deleteRows\":[7]}")
        }
        let root: FieldValue
        do {
            root = try JSONReader.read(body)
        } catch {
            throw HTTPError.badRequest("the body is not valid JSON: \(error.description)")
        }
        guard case .dict(let object) = root else {
            throw invalid("", "expected a JSON object with baseVersion and operations, found \(root.errorPreview)")
        }
        try checkKeys(object, knownKeys, "")
        guard let base = object["baseVersion"] else {
            throw invalid("baseVersion", "missing: send the version the change was made against")
        }
        var request = BatchRequest(baseVersion: try integer(base, "baseVersion"))
        if let value = object["animation"] {
            guard let name = value.stringValue, let animation = RowAnimation(rawValue: name) else {
                let names = RowAnimation.allCases.map(\.rawValue).joined(separator: ", ")
                throw invalid("animation", "expected one of \(names), found \(value.errorPreview)")
            }
            request.animation = animation
        }
        request.child = try child(object["child"])
        var count = 0
        let deletes = try list(object, "deleteRows", &count) { value, path throws(HTTPError) -> DeleteItem in
            if case .dict = value {
                let (bounds, except) = try run(value, path)
                return .run(bounds, except: except)
            }
            return .id(RowID(try integer(value, path)))
        }
        for (position, item) in deletes.enumerated() {
            switch item {
            case .id(let id):
                request.deleteRows.append(id)
                request.deleteRowPositions.append(position)
            case .run(let bounds, let except):
                request.deleteRuns.append(RowRun(bounds: bounds, except: except, position: position))
            }
        }
        if request.deleteRuns.isEmpty { request.deleteRowPositions = [] }
        count += request.deleteRuns.reduce(0) { $0 + $1.except.count }
        guard count <= maximumOperations else {
            throw invalid("", "a batch holds at most \(maximumOperations) operations; split the change")
        }
        request.deleteSections = try list(object, "deleteSections", &count) { value, path throws(HTTPError) in
            SectionID(try integer(value, path))
        }
        request.insertRows = try list(object, "insertRows", &count) { value, path throws(HTTPError) in
            let item = try dictionary(value, path, keys: ["section", "row", "fields"])
            return RowInsert(
                section: try index(item, "section", path), row: try index(item, "row", path),
                fields: try newFields(item["fields"], "\(path).fields", required: true))
        }
        request.moveRows = try list(object, "moveRows", &count) { value, path throws(HTTPError) in
            let item = try dictionary(value, path, keys: ["id", "toSection", "toRow", "after", "before", "byAction"])
            var move = RowMove(
                id: RowID(try integer(item["id"] ?? .null, "\(path).id")),
                toSection: try index(item, "toSection", path), toRow: try index(item, "toRow", path),
                neighbours: try neighbours(item, path))
            if let value = item["byAction"] {
                guard case .bool(let byAction) = value else {
                    throw invalid("\(path).byAction", "expected true or false, found \(value.errorPreview)")
                }
                move.byAction = byAction
            }
            return move
        }
        request.restoreRows = try list(object, "restoreRows", &count) { value, path throws(HTTPError) in
            let item = try dictionary(value, path, keys: ["id", "section", "row", "fields", "after", "before"])
            return RowRestore(
                id: RowID(try integer(item["id"] ?? .null, "\(path).id")),
                section: try index(item, "section", path), row: try index(item, "row", path),
                fields: try newFields(item["fields"], "\(path).fields", required: true),
                neighbours: try neighbours(item, path))
        }
        if let value = object["undoable"] {
            guard case .bool(let undoable) = value else {
                throw invalid("undoable", "expected true or false, found \(value.errorPreview)")
            }
            request.undoable = undoable
        }
        if let value = object["seenVersions"] {
            guard case .array(let versions) = value, versions.count <= Int(BatchRebase.maximumDistance) else {
                throw invalid(
                    "seenVersions",
                    "expected an array of at most \(BatchRebase.maximumDistance) versions, found \(value.errorPreview)")
            }
            for (position, version) in versions.enumerated() {
                let seen = try integer(version, "seenVersions[\(position)]")
                guard seen > request.baseVersion else {
                    throw invalid("seenVersions[\(position)]", "\(seen) is not after baseVersion \(request.baseVersion)")
                }
                request.seenVersions.insert(seen)
            }
        }
        request.updateRows = try list(object, "updateRows", &count) { value, path throws(HTTPError) in
            let item = try dictionary(value, path, keys: ["id", "fields"])
            return RowUpdate(
                id: RowID(try integer(item["id"] ?? .null, "\(path).id")),
                fields: try dictionary(item["fields"] ?? .null, "\(path).fields", keys: nil))
        }
        request.insertSections = try list(object, "insertSections", &count) { value, path throws(HTTPError) in
            let item = try dictionary(value, path, keys: ["section", "fields"])
            return SectionInsert(
                section: try index(item, "section", path),
                fields: try newFields(item["fields"], "\(path).fields", required: false))
        }
        request.rowActions = try list(object, "rowActions", &count) { value, path throws(HTTPError) in
            let item = try dictionary(value, path, keys: ["id", "edge", "index"])
            let edgeValue = item["edge"] ?? .null
            guard let edge = edgeValue.stringValue.flatMap(RowActionRun.Edge.init(rawValue:)) else {
                throw invalid("\(path).edge", "expected one of trailing, leading, found \(edgeValue.errorPreview)")
            }
            return RowActionRun(
                id: RowID(try integer(item["id"] ?? .null, "\(path).id")), edge: edge,
                index: try index(item, "index", path))
        }
        return request
    }

    private enum DeleteItem {
        case id(RowID)
        case run(RowRun.Bounds, except: [RowID])
    }

    /// A run of rows to delete: `{"section": A, "toSection": B?}` or `{"from": a, "to": b}`, with `except`.
    private static func run(_ value: FieldValue, _ path: String) throws(HTTPError) -> (RowRun.Bounds, except: [RowID]) {
        let item = try dictionary(value, path, keys: ["section", "toSection", "from", "to", "except"])
        let bounds: RowRun.Bounds
        if let first = item["section"] {
            if item["from"] != nil || item["to"] != nil {
                throw invalid(path, "name either sections (section, toSection) or rows (from, to), not both")
            }
            let from = SectionID(try integer(first, "\(path).section"))
            var to = from
            if let last = item["toSection"] { to = SectionID(try integer(last, "\(path).toSection")) }
            bounds = .sections(from, to)
        } else if item["from"] != nil || item["to"] != nil {
            if item["toSection"] != nil { throw invalid("\(path).toSection", "toSection goes with section, not with from and to") }
            bounds = .rows(
                RowID(try integer(item["from"] ?? .null, "\(path).from")), RowID(try integer(item["to"] ?? .null, "\(path).to")))
        } else {
            throw invalid(
                path, "expected a row id, {\"section\": id} (every row of a section, toSection for a run of sections) "
                    + "or {\"from\": id, \"to\": id} (the rows from one to the other)")
        }
        var except: [RowID] = []
        if let value = item["except"] {
            guard case .array(let items) = value else {
                throw invalid("\(path).except", "expected an array of row ids, found \(value.errorPreview)")
            }
            for (position, id) in items.enumerated() { except.append(RowID(try integer(id, "\(path).except[\(position)]"))) }
        }
        return (bounds, except)
    }

    /// A `422` for a batch whose content is wrong.
    /// - Parameters:
    ///   - path: where in the body (`moveRows[1].toRow`), empty for the whole body.
    ///   - message: what is wrong and, where it helps, what to send instead.
    static func invalid(_ path: String, _ message: String) -> HTTPError {
        LibraryError.invalidBatch(path: path, message: message).httpError
    }

    private static func checkKeys(_ object: Fields, _ keys: [String], _ path: String) throws(HTTPError) {
        for field in object where !keys.contains(field.key) {
            let at = path.isEmpty ? field.key : "\(path).\(field.key)"
            throw invalid(at, "unknown key; expected only \(keys.joined(separator: ", "))")
        }
    }

    private static func list<Element>(
        _ object: Fields, _ key: String, _ count: inout Int,
        _ element: (FieldValue, String) throws(HTTPError) -> Element
    ) throws(HTTPError) -> [Element] {
        guard let value = object[key] else { return [] }
        guard case .array(let items) = value else {
            throw invalid(key, "expected an array, found \(value.errorPreview)")
        }
        count += items.count
        guard count <= maximumOperations else {
            throw invalid("", "a batch holds at most \(maximumOperations) operations; split the change")
        }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            result.append(try element(item, "\(key)[\(position)]"))
        }
        return result
    }

    /// An integer, also when written with a zero fraction (`3.0`), as JSON Schema counts it.
    private static func integer(_ value: FieldValue, _ path: String) throws(HTTPError) -> Int64 {
        switch value {
        case .int(let number):
            return number
        case .real(let number) where number == number.rounded() && abs(number) < 0x1p63:
            return Int64(number)
        case .null:
            throw invalid(path, "missing: expected an integer")
        default:
            throw invalid(path, "expected an integer, found \(value.errorPreview)")
        }
    }

    /// A move's or restore's `after` and `before`: row ids, each absent or `null` when not given.
    private static func neighbours(_ item: Fields, _ path: String) throws(HTTPError) -> Neighbours {
        func id(_ key: String) throws(HTTPError) -> RowID? {
            guard let value = item[key], value != .null else { return nil }
            return RowID(try integer(value, "\(path).\(key)"))
        }
        return Neighbours(after: try id("after"), before: try id("before"))
    }

    private static func index(_ item: Fields, _ key: String, _ path: String) throws(HTTPError) -> Int {
        let number = try integer(item[key] ?? .null, "\(path).\(key)")
        guard number >= 0, number <= maximumIndex else {
            throw invalid("\(path).\(key)", "expected an index from 0 to \(maximumIndex), found \(number)")
        }
        return Int(number)
    }

    private static func dictionary(_ value: FieldValue, _ path: String, keys: [String]?) throws(HTTPError) -> Fields {
        guard case .dict(let fields) = value else {
            throw invalid(
                path, value == .null ? "missing: expected an object" : "expected an object, found \(value.errorPreview)")
        }
        if let keys { try checkKeys(fields, keys, path) }
        return fields
    }

    /// The fields of a new row or section: an object whose `null` values are left out, as an
    /// update's `null` removes a key.
    private static func newFields(_ value: FieldValue?, _ path: String, required: Bool) throws(HTTPError) -> Fields {
        guard let value else {
            if required { throw invalid(path, "missing: expected an object (the new row's fields)") }
            return [:]
        }
        var fields = try dictionary(value, path, keys: nil)
        if fields.contains(where: { $0.value == .null }) {
            fields = Fields(fields.filter { $0.value != .null })
        }
        return fields
    }
}
