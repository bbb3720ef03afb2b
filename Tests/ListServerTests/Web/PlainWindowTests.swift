// ListServerTests — windows and fragments answered from the request's bytes, as the router answers them
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

@testable import ListServer

@Suite("Windows and fragments answered from the request's bytes")
struct PlainWindowTests {
    @Test("only the window and fragment paths of one dataset are taken")
    func routes() {
        func route(_ path: String) -> String? {
            Array(path.utf8).withUnsafeBytes { path in
                AppRoutes.windowRoute(path).map { "\($0.0 == .json ? "json" : "fragment") \($0.1)" }
            }
        }
        #expect(route("/api/datasets/big/window") == "json big")
        #expect(route("/d/big/fragment") == "fragment big")
        #expect(route("/d/a.b-c_1/fragment") == "fragment a.b-c_1")
        for other in [
            "/api/datasets//window", "/api/datasets/a/b/window", "/api/datasets/window", "/api/datasets/a/windows",
            "/d/a/fragment/", "/d//fragment", "/d/a", "/d/a/b/fragment", "/api/datasets/a", "/x/d/a/fragment",
        ] {
            #expect(route(other) == nil, "\(other)")
        }
    }

    /// Window and fragment requests: defaults, every parameter, escapes, errors, and entity tags.
    static let targets: [String] = {
        var targets: [String] = []
        for dataset in ["letters", "teams", "heroes", "friends", "missing"] {
            for query in [
                "", "top=0&height=200", "top=44&height=500&overscan=200&expanded=all", "top=10&expanded=none",
                "top=0&expanded=1-2", "top=7.5&height=300", "height=800&editing=true", "width=375&top=100",
                "section=1", "anchor=3&top=-20", "q=a", "q=%E4%BB%8A", "top=%31%30", "t%6Fp=60&top=0",
                "top=abc", "height=-1", "expanded=x", "editing=maybe", "top=1e3", "top=01",
            ] {
                targets.append("/api/datasets/\(dataset)/window?\(query)")
                targets.append("/d/\(dataset)/fragment?\(query)")
            }
        }
        return targets
    }()

    /// The memory each loop lends for bodies: the default (every body here fits), 2 KiB (the larger
    /// windows outgrow it and are sent from arrays of their own) and none.
    @Test(
        "every window and fragment, good or refused, reads the same plain as through the router",
        arguments: [nil, 2048, 0])
    func sameAsTheRouter(lentBytes: Int?) throws {
        let api = try APIFixture()
        let plain = api.routes.plainResponder
        let answered = Atomic<Int>(0)
        let lent = Atomic<Int>(0)
        let larger = Atomic<Int>(0)
        try withTestServer(
            configure: { configuration in
                if let lentBytes { configuration.plainBodyBytes = lentBytes }
                configuration.problemPaths = AppRoutes.problemPaths
                configuration.plainResponder = { request in
                    let response = plain(request)
                    if response != nil { answered.add(1, ordering: .relaxed) }
                    switch response?.body {
                    case .lent(let count):
                        lent.add(1, ordering: .relaxed)
                        if count > 2048 { larger.add(1, ordering: .relaxed) }
                    case .bytes(let bytes) where bytes.count > 2048: larger.add(1, ordering: .relaxed)
                    default: break
                    }
                    return response
                }
            },
            handler: api.router.handler
        ) { port, _ in
            let client = try RawClient(port: port)
            for target in Self.targets {
                let viaRouter = try exchange(client, target, fields: "Content-Length: 0\r\n")
                let viaBytes = try exchange(client, target, fields: "Connection: keep-alive\r\nAccept: */*\r\n")
                #expect(viaBytes.status == viaRouter.status, "\(target)")
                #expect(viaBytes.body == viaRouter.body, "\(target)")
                #expect(fields(viaBytes) == fields(viaRouter), "\(target)")
                guard viaBytes.status == 200, let etag = viaBytes.headers["ETag"] else { continue }
                let unchanged = try exchange(client, target, fields: "If-None-Match: \(etag)\r\n")
                let unchangedViaRouter = try exchange(
                    client, target, fields: "If-None-Match: \(etag)\r\nContent-Length: 0\r\n")
                #expect(unchanged.status == 304 && unchangedViaRouter.status == 304, "\(target)")
                #expect(fields(unchanged) == fields(unchangedViaRouter), "\(target)")
            }
        }
        let plainCount = answered.load(ordering: .relaxed)
        #expect(plainCount > Self.targets.count, "the good windows were answered plainly")
        // Written in the lent memory while they fit (the windows asked for again come from the cache).
        #expect(larger.load(ordering: .relaxed) > 0, "some bodies are larger than 2 KiB")
        switch lentBytes {
        case 0: #expect(lent.load(ordering: .relaxed) == 0)
        default: #expect((1..<plainCount).contains(lent.load(ordering: .relaxed)))
        }
    }

    private func exchange(_ client: RawClient, _ target: String, fields: String = "") throws -> WireResponse {
        try client.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\(fields)\r\n")
        return try #require(client.readResponse())
    }

    /// The response's fields but `Date`, which depends on the second it was sent in.
    private func fields(_ response: WireResponse) -> [String] {
        response.headers.filter { $0.name != "Date" }.map { "\($0.name): \($0.value)" }
    }
}
