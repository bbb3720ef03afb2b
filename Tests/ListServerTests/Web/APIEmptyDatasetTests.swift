// ListServerTests — API: empty datasets
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

/// Datasets imported from empty lists with a kind, served in-process: every endpoint answers, and
/// the first row (or, for friends, the first group) goes in through a batch.
@Suite("API: empty datasets")
struct APIEmptyDatasetTests {
    /// `blank`: generic from `[]`; `noapps`: apps from `{"apps":[]}`; `nobody`: friends from `[]`.
    static let sources: [(id: String, text: String, kind: DatasetKind)] = [
        ("blank", "[]", .generic), ("noapps", #"{"apps":[]}"#, .apps), ("nobody", "[ ]", .friends),
    ]

    /// A library over a fresh store holding the three empty datasets, and its routes.
    final class Fixture {
        let directory = ServerProcess.temporaryDirectory()
        let store: SQLiteStore
        let library: Library
        let router: HTTPRouter

        init() throws {
            store = try SQLiteStore(directory: directory)
            let datasets = try APIEmptyDatasetTests.sources.map { id, text, kind in
                try DatasetImporter.importDataset(
                    Array(text.utf8), using: DatasetDecoder(file: "\(id).json", id: id, kind: kind))
            }
            try store.insert(datasets, replacing: false)
            library = Library(store: store, datasets: try store.loadAll())
            router =
                AppRoutes(
                    library: library, policy: MutationPolicy(), files: StaticFiles(root: ServerProcess.publicDirectory)
                ).router
        }

        deinit {
            store.close()
            try? FileManager.default.removeItem(atPath: directory)
        }

        func send(_ method: String, _ target: String, body: String = "") throws -> HTTPResponse {
            let headers: HTTPHeaders = ["Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080"]
            return router.respond(
                to: try HTTPRequest(method: method, target: target, headers: headers, body: Array(body.utf8)),
                problemPaths: AppRoutes.problemPaths
            ).completed()
        }

        /// `GET target`, checked to be a `200` JSON object.
        func object(_ target: String) throws -> Fields {
            let response = try send("GET", target)
            #expect(response.status == 200, "\(target): \(String(decoding: response.bodyBytes, as: UTF8.self))")
            return try jsonBody(response)
        }
    }

    @Test(
        "the listing and each dataset's detail show no rows: one empty section for a flat list, no groups for friends")
    func listingAndDetail() throws {
        let api = try Fixture()
        let listing = try #require(try api.object("/api/datasets")["datasets"]?.arrayValue)
        let summaries = listing.compactMap { item -> (String, Int64?, Int64?, String?)? in
            guard case .dict(let fields) = item, let id = fields["id"]?.stringValue else { return nil }
            return (id, fields["sectionCount"]?.intValue, fields["rowCount"]?.intValue, fields["kind"]?.stringValue)
        }
        #expect(summaries.map(\.0) == ["blank", "noapps", "nobody"])
        #expect(summaries.map(\.1) == [1, 1, 0])
        #expect(summaries.map(\.2) == [0, 0, 0])
        #expect(summaries.map(\.3) == ["generic", "apps", "friends"])
        for (id, sections) in [("blank", 1), ("noapps", 1), ("nobody", 0)] {
            let detail = try api.object("/api/datasets/\(id)")
            #expect(detail["rowCount"]?.intValue == 0, "\(id)")
            #expect(detail["sections"]?.arrayValue?.count == sections, "\(id)")
            #expect(detail["indexTitles"]?.arrayValue == [], "\(id)")
            #expect(detail["contentHeight"]?.doubleValue?.isFinite == true, "\(id)")
        }
    }

    @Test("windows and fragments of an empty dataset are empty at any offset, and the page is served")
    func windowsFragmentsAndPage() throws {
        let api = try Fixture()
        for (id, _, _) in Self.sources {
            for query in ["top=0&height=800", "top=5000&height=300&overscan=200&expanded=all", "top=-50&expanded=none"]
            {
                let window = try api.object("/api/datasets/\(id)/window?\(query)")
                #expect(window["rows"]?.arrayValue == [], "\(id) \(query)")
                #expect(window["version"]?.intValue == 1, "\(id) \(query)")
                #expect(window["contentHeight"]?.doubleValue?.isFinite == true, "\(id) \(query)")
                let fragment = try api.send("GET", "/d/\(id)/fragment?\(query)")
                #expect(fragment.status == 200, "\(id) \(query)")
                #expect(!String(decoding: fragment.bodyBytes, as: UTF8.self).contains("data-row-id"), "\(id)")
            }
            let page = try api.send("GET", "/d/\(id)")
            #expect(page.status == 200, "\(id)")
            #expect(page.headers["Content-Type"]?.hasPrefix("text/html") == true, "\(id)")
        }
    }

    @Test("an empty dataset exports its empty list in every format, root key kept")
    func exports() throws {
        let api = try Fixture()
        for (id, _, _) in Self.sources {
            for format in DocumentFormat.allCases {
                let response = try api.send("GET", "/api/datasets/\(id)/export?format=\(format.rawValue)")
                #expect(response.status == 200, "\(id) \(format)")
                let expected: FieldValue = id == "noapps" ? .dict(["apps": .array([])]) : .array([])
                #expect(try format.read(response.bodyBytes) == expected, "\(id) \(format)")
            }
        }
    }

    @Test("a batch inserts the first row at row 0 of section 0 of an empty flat list, and the window shows it")
    func firstRowOfFlatList() throws {
        let api = try Fixture()
        let response = try api.send(
            "POST", "/api/datasets/blank/batch",
            body: #"{"baseVersion":1,"insertRows":[{"section":0,"row":0,"fields":{"title":"first","note":"n"}}]}"#)
        #expect(response.status == 200, "\(String(decoding: response.bodyBytes, as: UTF8.self))")
        let reply = try jsonBody(response)
        #expect(reply["version"]?.intValue == 2)
        let inserted = try #require(reply["insertedRowIds"]?.arrayValue?.first?.intValue)
        let rows = try #require(try api.object("/api/datasets/blank/window?top=0&height=800")["rows"]?.arrayValue)
        guard case .dict(let row)? = rows.first else {
            Issue.record("no row in the window: \(rows)")
            return
        }
        #expect(rows.count == 1)
        #expect(row["id"]?.intValue == inserted)
        #expect(row["section"]?.intValue == 0 && row["row"]?.intValue == 0)
        let exported = try api.send("GET", "/api/datasets/blank/export?format=json")
        #expect(
            try JSONReader.read(exported.bodyBytes)
                == .array([.dict(["title": .string("first"), "note": .string("n")])]))
        #expect(try api.store.load(id: "blank") == api.library.entry("blank")?.dataset)

        let apps = try api.send(
            "POST", "/api/datasets/noapps/batch",
            body:
                #"{"baseVersion":1,"insertRows":[{"section":0,"row":0,"fields":{"name":"App","size":1,"download":2}}]}"#
        )
        #expect(apps.status == 200, "\(String(decoding: apps.bodyBytes, as: UTF8.self))")
        let appsExport = try api.send("GET", "/api/datasets/noapps/export?format=plist")
        let expectedApps: FieldValue = .dict([
            "apps": .array([.dict(["name": .string("App"), "size": .int(1), "download": .int(2)])])
        ])
        #expect(try DocumentFormat.plist.read(appsExport.bodyBytes) == expectedApps)
    }

    @Test(
        "an empty friends list takes its first group and friend in one batch; a row without a group is refused"
    )
    func firstGroupOfFriends() throws {
        let api = try Fixture()
        let orphan = try api.send(
            "POST", "/api/datasets/nobody/batch",
            body: #"{"baseVersion":1,"insertRows":[{"section":0,"row":0,"fields":{"name":"a"}}]}"#)
        #expect(try expectProblem(orphan, status: 422).contains("insertRows[0]"))
        let response = try api.send(
            "POST", "/api/datasets/nobody/batch",
            body: #"""
                {"baseVersion":1,"insertSections":[{"section":0,"fields":{"name":"Family","online":0}}],
                 "insertRows":[{"section":0,"row":0,"fields":{"name":"Mum","vip":true}}]}
                """#)
        #expect(response.status == 200, "\(String(decoding: response.bodyBytes, as: UTF8.self))")
        let window = try api.object("/api/datasets/nobody/window?top=0&height=800&expanded=all")
        #expect(window["headers"]?.arrayValue?.count == 1)
        #expect(window["rows"]?.arrayValue?.count == 1)
        let exported = try api.send("GET", "/api/datasets/nobody/export?format=binary-plist")
        let expected: FieldValue = .array([
            .dict([
                "name": .string("Family"), "online": .int(0),
                "friends": .array([.dict(["name": .string("Mum"), "vip": .bool(true)])]),
            ])
        ])
        #expect(try DocumentFormat.binaryPlist.read(exported.bodyBytes) == expected)
    }
}
