// ListServerTests — API fixture
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

/// A library over a store in a fresh directory, with its routes, answered in-process (no sockets).
///
/// Datasets are built from JSON text so their ids are known: the section of a flat list gets id 1
/// and its rows 2, 3, …; a grouped list numbers its groups first, then their rows, in file order.
final class APIFixture {
    let directory: String
    let store: SQLiteStore
    let library: Library
    let routes: AppRoutes
    let router: HTTPRouter

    /// `letters`: a generic flat list of rows titled A…F (row ids 2…7).
    static let letters = #"[{"title":"A"},{"title":"B"},{"title":"C"},{"title":"D"},{"title":"E"},{"title":"F"}]"#
    /// `teams`: a grouped generic list: Red (id 1) with r1, r2 (4, 5); Blue (2) with b1 (6); Green (3) empty.
    static let teams = #"""
        [{"title":"Red","rows":[{"title":"r1"},{"title":"r2"}]},{"title":"Blue","rows":[{"title":"b1"}]},
         {"title":"Green","rows":[]}]
        """#

    /// - Parameters:
    ///   - datasets: dataset id and JSON text; by default `letters`, `teams` and the `heroes` and
    ///     `friends` samples.
    ///   - imported: datasets already read (a Settings bundle's), stored beside them.
    ///   - token: the server's `--token`.
    init(datasets: [(String, String)]? = nil, imported: [Dataset] = [], token: String? = nil) throws {
        directory = ServerProcess.temporaryDirectory()
        store = try SQLiteStore(directory: directory)
        let samples = Dictionary(uniqueKeysWithValues: SampleDatasets.all.map { ($0.id, $0.json) })
        let sources = datasets ?? [
            ("letters", Self.letters), ("teams", Self.teams), ("heroes", samples["heroes"]!),
            ("friends", samples["friends"]!),
        ]
        let decoded = try sources.map { id, json in
            try DatasetImporter.importDataset(Array(json.utf8), using: DatasetDecoder(file: id, id: id))
        }
        try store.insert(decoded + imported, replacing: false)
        library = Library(store: store, datasets: try store.loadAll())
        routes = AppRoutes(
            library: library, policy: MutationPolicy(token: token),
            files: StaticFiles(root: ServerProcess.publicDirectory))
        router = routes.router
    }

    deinit {
        store.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Answers a request in-process.
    func send(_ method: String, _ target: String, body: String = "", headers: HTTPHeaders = [:]) throws -> HTTPResponse {
        var headers = headers
        if headers["Host"] == nil { headers.set("Host", "127.0.0.1:8080") }
        return router.respond(
            to: try HTTPRequest(method: method, target: target, headers: headers, body: Array(body.utf8)),
            problemPaths: AppRoutes.problemPaths
        ).completed()
    }

    func get(_ target: String, headers: HTTPHeaders = [:]) throws -> HTTPResponse {
        try send("GET", target, headers: headers)
    }

    /// `POST /api/datasets/{id}/batch`.
    func batch(_ id: String, _ body: String, headers: HTTPHeaders = [:]) throws -> HTTPResponse {
        try send("POST", "/api/datasets/\(id)/batch", body: body, headers: headers)
    }

    /// The current version of a dataset.
    func version(_ id: String) -> Int64 { library.entry(id)!.dataset.version }

    /// The current dataset.
    func dataset(_ id: String) -> Dataset { library.entry(id)!.dataset }

    /// The `title` (or `name`) of every row of a section, in order.
    func titles(_ id: String, section: Int = 0) -> [String] {
        dataset(id).sections[section].rows.map { row in
            row.fields["title"]?.stringValue ?? row.fields["name"]?.stringValue ?? "?"
        }
    }

    /// The ids of every row of a section, in order.
    func rowIDs(_ id: String, section: Int = 0) -> [Int64] {
        dataset(id).sections[section].rows.map(\.id.rawValue)
    }
}

/// Reads a response body as JSON.
func jsonBody(_ response: HTTPResponse) throws -> Fields {
    guard case .dict(let fields) = try JSONReader.read(response.bodyBytes) else {
        throw APIExpectationError(message: "the body is not a JSON object: \(String(decoding: response.bodyBytes, as: UTF8.self))")
    }
    return fields
}

struct APIExpectationError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension FieldValue {
    /// The integer of an `.int`, nil otherwise.
    var intValue: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }
}

/// Checks that a response is an RFC 9457 problem with the given status, and returns its detail.
@discardableResult
func expectProblem(
    _ response: HTTPResponse, status: Int, sourceLocation: SourceLocation = #_sourceLocation
) throws -> String {
    #expect(response.status == status, "\(String(decoding: response.bodyBytes, as: UTF8.self))", sourceLocation: sourceLocation)
    #expect(response.headers["Content-Type"] == "application/problem+json", sourceLocation: sourceLocation)
    let problem = try jsonBody(response)
    // A 409 adds its extension members: the current version and the conflicts as data.
    let members = status == 409 ? ["conflicts", "currentVersion"] : []
    #expect(problem.keys.sorted() == (["detail", "status", "title", "type"] + members).sorted(), sourceLocation: sourceLocation)
    #expect(problem["status"]?.intValue == Int64(status), sourceLocation: sourceLocation)
    let type = problem["type"]?.stringValue ?? ""
    let title = problem["title"]?.stringValue ?? ""
    #expect(!type.isEmpty && !title.isEmpty, sourceLocation: sourceLocation)
    let detail = problem["detail"]?.stringValue ?? ""
    #expect(detail.count > 10, sourceLocation: sourceLocation)
    return detail
}

@Suite("API fixture")
struct APIFixtureTests {
    @Test("the fixture's datasets have the ids its documentation promises")
    func knownIDs() throws {
        let api = try APIFixture()
        #expect(api.rowIDs("letters") == [2, 3, 4, 5, 6, 7])
        #expect(api.titles("letters") == ["A", "B", "C", "D", "E", "F"])
        #expect(api.dataset("teams").sections.map(\.id.rawValue) == [1, 2, 3])
        #expect(api.rowIDs("teams", section: 0) == [4, 5])
        #expect(api.rowIDs("teams", section: 1) == [6])
        #expect(api.version("letters") == 1)
    }
}
