// ListServerTests — real list shapes uploaded as people send them: titles, index and export over the API
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("API: real shapes uploaded with wrong or missing Content-Types")
struct APIRealShapeTests {
    /// A `Content-Type` that names another format than the bytes, or none at all.
    static func misleadingType(for bytes: [UInt8], seed: Int) -> String? {
        if seed % 3 == 0 { return nil }
        return DocumentFormat.detect(bytes) == .json ? "application/x-plist" : "application/json"
    }

    static func put(_ api: APIFixture, _ id: String, _ bytes: [UInt8], contentType: String?, query: String = "")
        throws -> HTTPResponse
    {
        var headers: HTTPHeaders = ["Host": "127.0.0.1:8080"]
        if let contentType { headers.set("Content-Type", contentType) }
        let request = try HTTPRequest(method: "PUT", target: "/api/datasets/\(id)\(query)", headers: headers, body: bytes)
        return api.router.respond(to: request, problemPaths: AppRoutes.problemPaths).completed()
    }

    @Test("each real shape is taken whatever its Content-Type, its sections titled and indexed as its app shows them",
          arguments: RealShape.all.enumerated().map { ($0.offset, $0.element) })
    func uploadsShowAsTheirApps(_ seed: Int, _ shape: RealShape) throws {
        let api = try APIFixture(datasets: [])
        let bytes = try shape.bytes()
        let response = try Self.put(api, shape.datasetID, bytes, contentType: Self.misleadingType(for: bytes, seed: seed))
        if shape.expect.refused == true {
            let detail = try expectProblem(response, status: 422)
            for word in shape.expect.messageMentions ?? [] { #expect(detail.contains(word), "\(shape): \(detail)") }
            #expect(detail.contains("?key="), "\(shape): \(detail)")
            return
        }
        #expect(response.status == 201, "\(shape): \(String(decoding: response.bodyBytes, as: UTF8.self))")
        let detail = try jsonBody(try api.get("/api/datasets/\(shape.datasetID)"))
        let sections = detail["sections"]?.arrayValue?.compactMap(\.dictValue) ?? []
        if let expected = shape.expect.sectionTitles {
            #expect(sections.map { $0["title"]?.stringValue ?? "" } == expected.map { $0 ?? "" }, "\(shape)")
        }
        if let rows = shape.expect.rows {
            #expect(sections.map { $0["rowCount"]?.intValue ?? -1 } == rows.map(Int64.init), "\(shape)")
        }
        let titles = shape.expect.sectionTitles ?? []
        if titles.count > 1, titles.allSatisfy({ ($0 ?? "").count == 1 }) {
            #expect(detail["indexTitles"] == .array(titles.map { .string($0 ?? "") }), "\(shape)")
        }
        if let kind = shape.expect.kind { #expect(detail["kind"] == .string(kind), "\(shape)") }
        if let title = shape.expect.title { #expect(detail["title"] == .string(title), "\(shape)") }
        let format = DocumentFormat.detect(bytes)
        let export = try api.get("/api/datasets/\(shape.datasetID)/export?format=\(format.rawValue)")
        #expect(export.status == 200)
        #expect(try format.read(export.bodyBytes) == (try format.read(bytes)), "\(shape): the export differs")
    }

    @Test("a document of several lists is refused naming each with its count; ?key= picks one, which exports back in place")
    func keyPicksOneList() throws {
        let source = #"""
            {"name": "Side Projects", "identifier": "com.example.source",
             "apps": [{"name": "Pocket Loom", "bundleIdentifier": "com.example.loom", "size": 48234496},
                      {"name": "Tide Table", "bundleIdentifier": "com.example.tide", "size": 1048576}],
             "news": [{"title": "Loom 2.0", "identifier": "loom-2"}]}
            """#
        let api = try APIFixture(datasets: [])
        let refused = try expectProblem(try Self.put(api, "source", Array(source.utf8), contentType: nil), status: 422)
        #expect(refused.contains(#""apps" (2), "news" (1)"#))
        let taken = try Self.put(api, "source", Array(source.utf8), contentType: "text/plain", query: "?key=apps")
        #expect(taken.status == 201)
        let detail = try jsonBody(try api.get("/api/datasets/source"))
        #expect(detail["kind"] == .string("apps") && detail["title"] == .string("Side Projects"))
        #expect(detail["rowCount"] == .int(2))
        let window = String(decoding: try api.get("/d/source/fragment?top=0&height=400").bodyBytes, as: UTF8.self)
        #expect(window.contains("46.0M") && window.contains("1.0M"))
        let export = try JSONReader.read(try api.get("/api/datasets/source/export?format=json").bodyBytes)
        #expect(export == (try JSONReader.read(Array(source.utf8))))
        let missing = try expectProblem(
            try Self.put(api, "other", Array(source.utf8), contentType: nil, query: "?key=people"), status: 422)
        #expect(missing.contains("people") && missing.contains("apps"))
    }

    @Test("friends whose vip is an integer show red names, and export the integers back")
    func integerVIPs() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><dict><key>friends</key><array>
            <dict><key>icon</key><string>a.png</string><key>intro</key><string>hello</string>
            <key>name</key><string>Wen</string><key>vip</key><integer>1</integer></dict>
            <dict><key>icon</key><string>b.png</string><key>intro</key><string>bye</string>
            <key>name</key><string>Lu</string><key>vip</key><integer>0</integer></dict>
            </array><key>name</key><string>Classmates</string><key>online</key><string>1</string></dict></array></plist>
            """
        let api = try APIFixture(datasets: [])
        #expect(try Self.put(api, "qq", Array(plist.utf8), contentType: "application/json").status == 201)
        let html = String(
            decoding: try api.get("/d/qq/fragment?top=0&height=400&expanded=all").bodyBytes, as: UTF8.self)
        #expect(html.contains(#"<div class="t1 vip">Wen</div>"#) && html.contains(#"<div class="t1">Lu</div>"#))
        let export = try api.get("/api/datasets/qq/export?format=plist")
        #expect(String(decoding: export.bodyBytes, as: UTF8.self).contains("<integer>1</integer>"))
        #expect(try DocumentFormat.plist.read(export.bodyBytes) == (try DocumentFormat.plist.read(Array(plist.utf8))))
    }
}
