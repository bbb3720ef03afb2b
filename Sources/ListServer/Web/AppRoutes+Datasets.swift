// Web — datasets uploaded and deleted over HTTP
import Foundation
import HTTPServer
import Models

extension AppRoutes {
    /// The longest dataset id a `PUT` may name.
    static let maximumDatasetIDLength = 64

    /// `PUT /api/datasets/{id}`: imports the body (JSON, XML plist or binary plist, as its bytes say, or a ZIP
    /// archive of a Settings bundle folder, ``SettingsBundle/init(archive:file:name:limits:)``;
    /// `?kind=` forces the kind, `?key=` picks the list of a document that holds several) as the dataset
    /// `id`: `201` when it is new, `200` when it
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
        do throws(ImportError) {
            if ZipArchive.isArchive(body) {
                // A zipped Settings.bundle folder, whatever the Content-Type says (`application/zip`).
                guard kind == nil || kind == .settings else {
                    throw ImportError(file: id, path: "", message: "a ZIP archive imports only as a Settings bundle")
                }
                dataset = try SettingsBundle(archive: body, file: id, name: nil).dataset(id: id, title: nil, file: id)
                body = []
            } else {
                let root: FieldValue
                do {
                    root = try Self.readDocument(body, contentType: request.headers["Content-Type"], id: id)
                } catch {
                    // A strings table, or a body sent as a ZIP archive that is none: say what it is.
                    let claimsArchive = NotADataset.isArchiveType(request.headers["Content-Type"])
                    guard let reason = NotADataset.reason(for: body, claimsArchive: claimsArchive, upload: true) else {
                        throw error
                    }
                    throw ImportError(file: id, path: "", message: reason)
                }
                body = []
                dataset = try DatasetDecoder(file: id, id: id, kind: kind, listKey: request.query("key")).decode(root)
            }
        } catch {
            throw LibraryError.invalidDataset(Self.speakingHTTP(error))
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

    /// `GET /api/datasets/{id}/export?format=json|plist|binary-plist|defaults|bundle[&pane=…]`: the dataset as a
    /// document its format's readers take (a Settings bundle's whole folder as a ZIP archive for `bundle`,
    /// ``exportBundle(_:_:)``), built on a worker (``HTTPWorkerPool``) once per version,
    /// format and pane, in pieces of 1 MiB, and kept (``ExportCache``): a million rows as an XML plist is 193 MB
    /// and seconds of work, which no event loop may spend on one request. A kept export is sent with its
    /// length, every request sending the same pieces by reference. One being written is sent as it is
    /// written once ``ExportCache/streamedAfter`` bytes are cut (chunked, ``ExportBuild``), so that its first
    /// bytes do not wait for its last; requests for it meanwhile follow the same pieces. One the cache keeps
    /// gzip-compressed (to make room, ``ExportCache/compressedAbove``) is sent as kept to a client that
    /// accepts gzip, and inflated on a worker for the others.
    /// - Throws: ``HTTPError`` `400` for an unknown format, `404`; the worker answers `422` for a document
    ///   the format cannot carry (naming the key path, found before anything is written or sent) and `404`
    ///   for a pane no row opens.
    func export(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
        let entry = try library.requireEntry(id)
        let name = request.query("format") ?? "json"
        if name == Self.bundleExportFormat { return try exportBundle(entry, request) }
        let pane = request.query("pane")
        let isSettings = entry.dataset.kind == .settings
        // Defaults are a property list; asked of another kind, the export says why it has none (422).
        guard let format = DocumentFormat(rawValue: name) ?? (name == "defaults" ? .plist : nil) else {
            let formats = isSettings ? "json, plist, binary-plist, defaults or bundle" : "json, plist or binary-plist"
            throw HTTPError.badRequest("format must be \(formats), found \"\(name)\"")
        }
        let file = Self.exportFileName(of: entry.dataset, defaults: name == "defaults", pane: pane)
        let answer = { @Sendable (export: ExportAnswer) -> HTTPResponse in
            var response: HTTPResponse
            switch export {
            case .kept(let pieces):
                response = HTTPResponse(status: 200, pieces: pieces)
            case .gzip(let compressed):
                // Kept compressed, sent as it is kept to a client that accepts gzip.
                response = HTTPResponse(status: 200, pieces: compressed.member)
                response.compression = .never
                response.headers.set("Content-Encoding", "gzip")
                response.headers.set("Vary", "Accept-Encoding")
            case .written(let build):
                response = HTTPResponse(status: 200, stream: build.follow())
                // As a kept export this long is: sent as written, whatever the client accepts.
                response.compression = .never
                response.headers.set("Vary", "Accept-Encoding")
            }
            response.headers.set("Content-Type", format.contentType)
            response.headers.set("Content-Disposition", "attachment; filename=\"\(file).\(format.fileExtension)\"")
            response.headers.set("Cache-Control", "no-store")
            return response
        }
        let key = ExportCache.Key(tag: entry.tag, format: name, pane: pane ?? "")
        let found = exports.lookUp(key)
        switch found.kept {
        case .pieces(let pieces):
            return answer(.kept(pieces))
        case .gzip(let compressed) where request.acceptsGzip:
            return answer(.gzip(compressed))
        case .gzip(let compressed):
            // Inflated on a worker, one segment a piece, for every request waiting for it; not kept.
            return workers.respond(
                to: request, coalescing: "inflate \(key)",
                work: { () throws -> ExportAnswer in
                    let pieces = try zip(compressed.segments, compressed.pieceCounts).map { segment, count in
                        guard let piece = DeflateSegment.inflate(segment, count: count) else {
                            throw HTTPError(500, detail: "The kept export could not be inflated.")
                        }
                        return piece
                    }
                    return .kept(pieces)
                },
                answer: { export in
                    var response = answer(export)
                    response.headers.set("Vary", "Accept-Encoding")
                    return response
                })
        case nil:
            break
        }
        if let build = found.build, build.isSent, request.isServed { return answer(.written(build)) }
        let exports = exports
        return workers.respond(
            to: request, coalescing: "export \(key)",
            answeringEarly: { answerEarly in
                let document = try Self.exported(entry.dataset, defaults: name == "defaults", pane: pane)
                if format == .plist, let (path, message) = XMLPropertyListWriter.unwritableText(in: document) {
                    throw HTTPError(
                        422, type: "/api/openapi.json#/components/responses/Unexportable",
                        title: "Cannot be exported as XML",
                        detail: "\(path.isEmpty ? "the document" : path): \(message); "
                            + "export it as json or binary-plist")
                }
                // From here the writer cannot fail: what it cuts may be sent.
                let build = ExportBuild()
                var streaming = false
                if request.isServed { exports.start(build, for: key) }
                // The writer holds its hand-off only while it writes.
                let pieces = withoutActuallyEscaping(answerEarly) { answerNow in
                    format.writePieces(document) { piece in
                        build.append(piece)
                        let count = build.count
                        if request.isServed, !streaming, count >= exports.streamedAfter {
                            streaming = true
                            build.markSent()
                            answerNow(.written(build))
                        }
                        exports.pieceCut?(count)
                    }
                }
                if build.count > exports.compressedAbove {
                    // Its clients have every piece before it may be compressed to be kept: they do not wait
                    // for that, and a request meanwhile follows the finished build.
                    build.finish()
                    exports.keep(pieces, for: key)
                } else {
                    exports.keep(pieces, for: key)
                    build.finish()
                }
                return .kept(pieces)
            },
            answer: answer)
    }

    /// What an export request is answered with: an export kept whole, the same kept compressed (for a
    /// client that accepts gzip), or one being written.
    enum ExportAnswer: Sendable {
        case kept([[UInt8]])
        case gzip(GzipPieces)
        case written(ExportBuild)
    }

    /// The name an export downloads as, without its extension: a Settings bundle's page as its file in the
    /// bundle is named (`Root`, `Harbours` for `pane=Harbours`), so that it can go back into the bundle as it is;
    /// anything else, and a Settings bundle's defaults, after the dataset (`tides`).
    static func exportFileName(of dataset: Dataset, defaults: Bool, pane: String?) -> String {
        guard dataset.kind == .settings, !defaults else { return dataset.id }
        let page = pane.flatMap { $0.isEmpty ? nil : $0 } ?? "Root"
        return attachmentName(page.hasSuffix(".plist") ? String(page.dropLast(".plist".count)) : page)
    }

    /// A file name as a `Content-Disposition` header carries it between quotes: in ASCII without quotes,
    /// backslashes or controls, any other character as `_`.
    static func attachmentName(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            (0x20..<0x7F).contains(scalar.value) && scalar != "\"" && scalar != "\\" ? scalar : "_"
        }))
    }

    /// An import's error as an HTTP client acts on it: `?kind=` where the command line would pass `--kind`.
    static func speakingHTTP(_ error: ImportError) -> ImportError {
        guard error.message == DatasetDecoder.emptyListMessage else { return error }
        var spoken = error
        let kinds = DatasetKind.allCases.map(\.rawValue).joined(separator: "|")
        spoken.message = "the list is empty: add ?kind=\(kinds) to import an empty list"
        return spoken
    }

    /// Whether `path` names one dataset (`/api/datasets/{id}`), where uploads go.
    static func isDatasetPath(_ path: String) -> Bool {
        // `/api/datasets/` and one non-empty segment; asked for every request, so no split.
        let prefix = "/api/datasets/".utf8
        let bytes = path.utf8
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return false }
        return !bytes.dropFirst(prefix.count).contains(UInt8(ascii: "/"))
    }

    /// Refuses an id that `--import` would not take (``Dataset/isIdentifier(_:)``).
    private static func checkDatasetID(_ id: String) throws(HTTPError) {
        guard id.utf8.count <= maximumDatasetIDLength, Dataset.isIdentifier(id) else {
            throw HTTPError.badRequest(
                "'\(id)' is not a dataset id: use lower-case letters, digits, '-' and '_', starting and ending "
                    + "with a letter or a digit, at most \(maximumDatasetIDLength) characters")
        }
    }

    /// The body's document, in the format its bytes say (`bplist00`, `<?xml`/`<plist`, else JSON):
    /// `Content-Type` is only a hint, read when the bytes do not read as what they look like, so a plist sent
    /// as `application/json` (or JSON as a plist) imports all the same.
    /// - Throws: ``ImportError`` for an empty body or one that cannot be read, located by line and
    ///   column or byte, as the format the bytes look like.
    static func readDocument(_ body: [UInt8], contentType: String?, id: String) throws(ImportError) -> FieldValue {
        let mediaType = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        let sniffed = DocumentFormat.detect(body)
        let hinted: DocumentFormat? =
            switch mediaType {
            case "application/json", "text/json": .json
            case "application/x-plist", "application/xml", "text/xml", "application/plist": .plist
            case "application/x-bplist": .binaryPlist
            default: nil
            }
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw ImportError(file: id, path: "", message: "the body is empty: send the dataset's file")
        }
        do {
            return try sniffed.read(body)
        } catch {
            if let hinted, hinted != sniffed, let document = try? hinted.read(body) { return document }
            throw ImportError(file: id, path: error.location, message: error.message)
        }
    }

    /// The document an export writes: the dataset in its source shape; for a Settings bundle, the page of a child
    /// pane (`?pane=Harbours`, or `Harbours.plist`) or its values as user defaults (`format=defaults`). An empty
    /// `pane=` is the root page.
    /// - Throws: ``HTTPError`` `422` for defaults asked of another kind (it has no values to write), `404` for a
    ///   pane no row opens (every pane, in another kind).
    static func exported(_ dataset: Dataset, defaults: Bool, pane: String?) throws -> FieldValue {
        let pane = pane.flatMap { $0.isEmpty ? nil : $0 }
        guard defaults || pane != nil else { return DatasetEncoder.encode(dataset) }
        if defaults {
            guard dataset.kind == .settings else {
                throw HTTPError(
                    422, type: "/api/openapi.json#/components/responses/Unexportable", title: "Cannot be exported",
                    detail: "'\(dataset.id)' is a \(dataset.kind.rawValue) list: only Settings bundles have values to "
                        + "write as defaults")
            }
            return SettingsExport.defaults(of: dataset)
        }
        // The pane by its file's name, with or without its extension (`Harbours`, `Harbours.plist`).
        let file = pane.map { $0.hasSuffix(".plist") ? String($0.dropLast(".plist".count)) : $0 }
        guard dataset.kind == .settings, let file, let page = SettingsExport.pane(file, of: dataset) else {
            throw HTTPError(404, detail: "no row of '\(dataset.id)' opens a pane named \"\(pane ?? "")\"")
        }
        return page
    }
}
