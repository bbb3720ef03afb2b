// ListServerTests — a strings table or a false ZIP archive, sent or imported, is refused as what it is
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

private func text(_ response: HTTPResponse) -> String { String(decoding: response.bodyBytes, as: UTF8.self) }

private func put(_ api: APIFixture, _ id: String, _ body: [UInt8], contentType: String?) throws -> HTTPResponse {
    var headers: HTTPHeaders = ["Host": "127.0.0.1"]
    if let contentType { headers.set("Content-Type", contentType) }
    let request = try HTTPRequest(method: "PUT", target: "/api/datasets/\(id)", headers: headers, body: body)
    return api.router.respond(to: request, problemPaths: AppRoutes.problemPaths).completed()
}

/// A `Root.strings` as Xcode writes one: UTF-16 with its byte-order mark.
private let rootStrings: [UInt8] = {
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in "/* Group */\n\"General\" = \"通用\";\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    return bytes
}()

@Suite("Settings bundles: files that are no dataset")
struct APISettingsBundleRefusalTests {
    @Test("a PUT of a strings table or of a false ZIP archive is a 422 saying what it is, and changes nothing stored")
    func putRefused() throws {
        let api = try APIFixture()
        let before = try api.get("/api/datasets/letters").bodyBytes
        for contentType in [nil, "text/plain", "application/json"] {
            let response = try put(api, "letters", rootStrings, contentType: contentType)
            let detail = try expectProblem(response, status: 422)
            #expect(detail.contains("the body is a strings table (a bundle's translations), not a list"), "\(detail)")
            #expect(detail.hasSuffix("nothing was stored"))
        }
        let html = Array("<html><body>404 Not Found</body></html>".utf8)
        let response = try put(api, "letters", html, contentType: "application/zip")
        let detail = try expectProblem(response, status: 422)
        #expect(detail.contains(#"the body is not a ZIP archive (it begins with the text "<html><body>404 Not Foun…""#), "\(detail)")
        #expect(try put(api, "fresh", html, contentType: "application/zip").status == 422)
        #expect(try api.get("/api/datasets/letters").bodyBytes == before)
        #expect(try api.get("/api/datasets/fresh").status == 404)
        // A plist sent as a ZIP archive is still what its bytes say.
        let plist = DocumentFormat.plist.write(.array([.dict(["title": .string("A")])]))
        #expect(try put(api, "plain", plist, contentType: "application/zip").status == 201)
    }

    @Test("--import of Root.strings or of a .zip that is none names the file and what it is")
    func importRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refused-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let strings = folder.appendingPathComponent("en.lproj/Root.strings")
        try Data(rootStrings).write(to: strings)
        let xmlStrings = folder.appendingPathComponent("Plist.strings")
        try Data(DocumentFormat.plist.write(.dict(["General": .string("Allgemein")]))).write(to: xmlStrings)
        let archive = folder.appendingPathComponent("Settings.bundle.zip")
        try Data("<html>".utf8).write(to: archive)
        let loader = DatasetFileLoader(kind: nil)
        for file in [strings, xmlStrings] {
            #expect(throws: ImportError(
                file: file.path, path: "",
                message: "is a strings table (a bundle's translations), not a list; import the Settings.bundle folder or its Root.plist"
            )) { try loader.load(Configuration.Import(id: "root", path: file.path)) }
        }
        #expect(throws: ImportError(
            file: archive.path, path: "",
            message: #"is not a ZIP archive (it begins with the text "<html>", where a ZIP archive begins with PK); "#
                + "zip the Settings.bundle folder, or import the folder itself"
        )) { try loader.load(Configuration.Import(id: "settings", path: archive.path)) }
    }
}
