// Web — datasets uploaded and deleted over HTTP
import Foundation
import HTTPServer
import Models

extension AppRoutes {
    /// The longest dataset id a `PUT` may name.
    static let maximumDatasetIDLength = 64

    /// `PUT /api/datasets/{id}`: imports the body (JSON, XML plist or binary plist, by `Content-Type`
    /// or sniffed; `?kind=` forces the kind) as the dataset `id`: `201` when it is new, `200` when it
    /// replaced the one there (whose open pages get `reload`). `If-None-Match: *` refuses to replace
    /// (`412`); a body that cannot be imported is `422` naming the key path, and nothing changes.
    /// - Throws: ``HTTPError`` `401`/`403` (who may change), `400` (a bad id or `kind`), or a
    ///   ``LibraryError``.
    func putDataset(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
        try policy.check(request)
        try Self.checkDatasetID(id)
        var kind: DatasetKind?
        if let name = request.query("kind") {
            guard let forced = DatasetKind(rawValue: name) else {
                let kinds = DatasetKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw HTTPError.badRequest("kind must be one of \(kinds), found \"\(name)\"")
            }
            kind = forced
        }
        // The upload is taken from the request and let go once read: a large one is not kept beside the rows
        // made from it.
        var body = request.takeBody()
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw LibraryError.invalidDataset(
                ImportError(file: id, path: "", message: "the body is empty: send the dataset's file"))
        }
        let mustBeNew = request.headers["If-None-Match"]?.trimmingCharacters(in: .whitespaces) == "*"
        let dataset: Dataset
        do {
            let root = try Self.readDocument(body, contentType: request.headers["Content-Type"], id: id)
            body = []
            dataset = try DatasetDecoder(file: id, id: id, kind: kind).decode(root)
        } catch {
            throw LibraryError.invalidDataset(error)
        }
        let (outcome, entry) = try library.put(dataset, mustBeNew: mustBeNew)
        var json = JSONOutput()
        json.beginObject()
        writeSummary(&json, entry)
        json.endObject()
        var response = HTTPResponse.json(json.bytes, status: outcome == .created ? 201 : 200)
        response.headers.set("Location", "/api/datasets/\(id)")
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// `DELETE /api/datasets/{id}`: `204`; its open pages get `reload` and their streams end.
    func deleteDataset(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
        try policy.check(request)
        try library.delete(id)
        var response = HTTPResponse(status: 204)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// Whether `path` names one dataset (`/api/datasets/{id}`), where uploads go.
    static func isDatasetPath(_ path: String) -> Bool {
        // `/api/datasets/` and one non-empty segment; asked for every request, so no split.
        let prefix = "/api/datasets/".utf8
        let bytes = path.utf8
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return false }
        return !bytes.dropFirst(prefix.count).contains(UInt8(ascii: "/"))
    }

    /// Refuses an id that `--import` would not make: lower-case letters and digits in runs joined by `-`.
    private static func checkDatasetID(_ id: String) throws(HTTPError) {
        guard !id.isEmpty, id.utf8.count <= maximumDatasetIDLength, Dataset.sanitizedIdentifier(id) == id else {
            throw HTTPError.badRequest(
                "'\(id)' is not a dataset id: use lower-case letters and digits, in runs joined by '-', "
                    + "at most \(maximumDatasetIDLength) characters")
        }
    }

    /// The body's document: JSON when `Content-Type` says JSON, a property list (XML or binary, by its
    /// first bytes) when it says plist or XML, else whatever the bytes look like.
    /// - Throws: ``ImportError`` for an empty body or one that cannot be read, located by line and
    ///   column or byte.
    static func readDocument(_ body: [UInt8], contentType: String?, id: String) throws(ImportError) -> FieldValue {
        let mediaType = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        let sniffed = DocumentFormat.detect(body)
        let format: DocumentFormat
        switch mediaType {
        case "application/json", "text/json":
            format = .json
        case "application/x-plist", "application/x-bplist", "application/xml", "text/xml", "application/plist":
            format = sniffed == .binaryPlist ? .binaryPlist : .plist
        default:
            format = sniffed
        }
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw ImportError(file: id, path: "", message: "the body is empty: send the dataset's file")
        }
        do {
            return try format.read(body)
        } catch {
            throw ImportError(file: id, path: error.location, message: error.message)
        }
    }
}
