// ListServerTests — several real servers on one private PostgreSQL schema
import Foundation
import TestSupport
import Testing

@testable import ListStore

/// Several real `ListServer` processes sharing one scratch schema of the test database
/// (`LISTSERVER_TEST_DATABASE_URL`), and plain HTTP helpers to talk to them.
struct ClusterFixture {
    /// The environment variable naming the PostgreSQL database the tests may use.
    static let databaseURLVariable = "LISTSERVER_TEST_DATABASE_URL"

    static var baseURL: String? {
        guard let url = ProcessInfo.processInfo.environment[databaseURLVariable], !url.isEmpty else { return nil }
        return url
    }

    static let disabledComment = Comment(
        rawValue: "not run: set LISTSERVER_TEST_DATABASE_URL (scripts/postgres-test-cluster.sh run swift test) "
            + "to run several servers on one PostgreSQL database")

    /// The URL with this fixture's schema as `search_path`.
    let url: String

    /// Runs `body` with a fresh schema, dropped afterwards (with everything the servers stored).
    static func run(_ body: (ClusterFixture) throws -> Void) throws {
        let base = try #require(baseURL, "\(databaseURLVariable) is not set")
        let schema = "cluster_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let admin = try PostgresConnection(conninfo: base)
        defer { admin.close() }
        try admin.execute("CREATE SCHEMA \(schema)")
        defer { try? admin.execute("DROP SCHEMA \(schema) CASCADE") }
        try body(ClusterFixture(url: base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"))
    }

    /// Starts one server on the fixture's database.
    func start(_ arguments: [String] = []) throws -> ServerProcess {
        try ServerProcess.start(["--database", url, "--quiet"] + arguments)
    }

    /// Starts `count` servers one after the other (the first stores the samples).
    func start(count: Int) throws -> [ServerProcess] {
        try (0..<count).map { _ in try start() }
    }
}

/// Plain HTTP/1.1 requests to a server on loopback, one connection each.
enum ClusterHTTP {
    static func request(_ port: Int, _ method: String, _ target: String, body: String? = nil) throws -> WireResponse {
        let client = try RawClient(port: port)
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        try client.send(head + "\r\n" + (body ?? ""))
        guard let response = client.readResponse() else {
            throw ServerProcess.StartError(message: "no response to \(method) \(target)")
        }
        return response
    }

    /// GETs JSON.
    static func json(_ port: Int, _ target: String) throws -> [String: Any] {
        let response = try request(port, "GET", target)
        guard response.status == 200,
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        else {
            throw ServerProcess.StartError(message: "GET \(target): \(response.status) \(response.text)")
        }
        return object
    }

    /// The version of a dataset as a server holds it; nil when it has no such dataset.
    static func version(_ port: Int, _ id: String) -> Int? {
        (try? json(port, "/api/datasets/\(id)"))?["version"] as? Int
    }

    /// The ids of the datasets a server lists.
    static func datasetIDs(_ port: Int) throws -> [String] {
        let datasets = try json(port, "/api/datasets")["datasets"] as? [[String: Any]] ?? []
        return datasets.compactMap { $0["id"] as? String }
    }

    /// Every row's `title` in a dataset, in order.
    static func titles(_ port: Int, _ id: String) throws -> [String] {
        var titles: [String] = []
        var seen = Set<Int>()
        var top = 0
        while true {
            let window = try json(port, "/api/datasets/\(id)/window?top=\(top)&height=20000&expanded=all")
            for row in window["rows"] as? [[String: Any]] ?? [] {
                guard let rowID = row["id"] as? Int, seen.insert(rowID).inserted else { continue }
                titles.append((row["fields"] as? [String: Any])?["title"] as? String ?? "")
            }
            top += 20000
            guard let height = window["contentHeight"] as? Double, Double(top) < height else { return titles }
        }
    }

    /// Waits up to `seconds` for `condition`.
    static func eventually(within seconds: Double = 5, _ condition: () throws -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (try? condition()) == true { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }
}

extension ServerProcess {
    /// This process's id, for signals.
    var pid: Int32 { process.processIdentifier }
}
